import type { I18nProvider } from 'react-admin';
import { es } from './es';

type Catalogo = { [key: string]: string | Catalogo };

/** Every text by its whole key ("ra.action.add"), as polyglot reads a nested catalogue. */
const frases = new Map<string, string>();

/**
 * Adds a catalogue's texts. es.ts has what both areas show; the administration adds its own (esAdministracion.ts) when
 * its chunk runs, before it renders, so the company application never downloads them.
 */
export function agregarTextos(catalogo: Catalogo, prefijo = '') {
  for (const [clave, valor] of Object.entries(catalogo)) {
    if (typeof valor === 'string') frases.set(prefijo + clave, valor);
    else agregarTextos(valor, `${prefijo}${clave}.`);
  }
}

agregarTextos(es as Catalogo);

/**
 * polyglot's rules, which react-admin's texts follow: an unknown key gives `_` or the key itself, "singular ||||
 * plural" is chosen by smart_count (Spanish: plural unless 1) and %{name} is replaced from the options (kept when
 * absent). Written here instead of ra-i18n-polyglot, whose node-polyglot brings its polyfills (object.entries,
 * get-intrinsic...) into both areas' first load (docs/performance.md).
 */
function traducir(clave: string, opciones: number | Record<string, unknown> = {}) {
  const valores = typeof opciones === 'number' ? { smart_count: opciones } : opciones;
  let frase = frases.get(clave) ?? (typeof valores._ === 'string' ? valores._ : clave);
  if (valores.smart_count != null && frase) {
    const formas = frase.split('||||');
    frase = (formas[valores.smart_count !== 1 ? 1 : 0] || formas[0]).trim();
  }
  return frase.replace(/%\{(.*?)\}/g, (texto, nombre: string) =>
    Object.hasOwn(valores, nombre) && valores[nombre] != null ? String(valores[nombre]) : texto,
  );
}

/** Spanish only: both areas use this provider, so every react-admin text is Spanish. */
export const i18nProvider: I18nProvider = {
  translate: traducir,
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'es',
  getLocales: () => [{ locale: 'es', name: 'Español' }],
};
