/**
 * Contact details shown to someone who has not signed in (the public ticket form's lookup by RUC or cédula): enough
 * of an email and a phone for their owner to recognise them, too little for anyone else to use them.
 */

/** What stands for the hidden characters. */
export const OCULTO = '•••';
const PUNTO_OCULTO = '•';

/** Second-level labels that belong to the public suffix (comercialandina.com.ec keeps ".com.ec"). */
const SEGUNDO_NIVEL = new Set(['com', 'net', 'org', 'gob', 'gov', 'edu', 'mil', 'fin', 'med', 'pro', 'info', 'co']);

/** The first one or two characters of a part (one when it has at most two: the rest must stay hidden). */
const inicio = (parte: string) =>
  Array.from(parte)
    .slice(0, Array.from(parte).length <= 2 ? 1 : 2)
    .join('');

/**
 * An email with its user and its domain's name hidden but for their first characters, and the domain's public suffix
 * kept: `maria.lopez@gmail.com` → `ma•••@gm•••.com`, `facturacion@comercialandina.com.ec` → `fa•••@co•••.com.ec`. Text
 * that is not an email is hidden whole.
 */
export function enmascararCorreo(correo: string): string {
  const valor = correo.trim();
  const arroba = valor.lastIndexOf('@');
  if (arroba <= 0 || arroba === valor.length - 1) return OCULTO;
  const usuario = valor.slice(0, arroba);
  const etiquetas = valor.slice(arroba + 1).split('.');
  if (etiquetas.length < 2 || etiquetas.some((e) => !e)) return `${inicio(usuario)}${OCULTO}@${OCULTO}`;
  const sufijo = etiquetas.length >= 3 && SEGUNDO_NIVEL.has(etiquetas.at(-2)!.toLowerCase()) ? etiquetas.slice(-2) : etiquetas.slice(-1);
  const nombre = etiquetas.slice(0, etiquetas.length - sufijo.length).join('.');
  return `${inicio(usuario)}${OCULTO}@${inicio(nombre)}${OCULTO}.${sufijo.join('.')}`;
}

/** A phone with only its last four digits: `022345678` → `•••• 5678`; one with four digits or fewer, hidden whole. */
export function enmascararTelefono(telefono: string): string {
  const digitos = telefono.replace(/\D/g, '');
  return digitos.length > 4 ? `•••• ${digitos.slice(-4)}` : '••••';
}

/** Whether a value still carries the hidden characters of a masked one (the customer must type their own). */
export const estaEnmascarado = (valor: string): boolean => valor.includes(PUNTO_OCULTO);

export const CONTACTO_MSG = {
  /** A ticket whose email is the masked one the lookup showed. */
  correoOculto: 'Escriba su correo electrónico completo: el que se muestra está oculto',
  /** Under the email of the public ticket form, after a lookup answered a masked one. */
  correoRegistrado: (correo: string) => `Registrado: ${correo}. Escriba su correo completo para confirmarlo.`,
  telefonoRegistrado: (telefono: string) => `Registrado: ${telefono}. Escriba su teléfono completo si desea que le llamemos.`,
} as const;
