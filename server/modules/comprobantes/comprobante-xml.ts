/**
 * An issued invoice's ComprobanteFactura read back from its signed XML, for the RIDE: the printed document then shows
 * exactly what was signed, even after the company's or the buyer's data changed. The XML is ours (xml.ts), so its
 * shape is the schema's; libxml2-wasm is already loaded for the schema check (esquema.ts).
 */
import type { XmlElement } from 'libxml2-wasm';
import type { ComprobanteFactura } from '../../../domain/facturas';
import { prepararValidador } from './esquema';

/** Elements whose children are a list (each child one item). */
const LISTAS = new Set(['totalConImpuestos', 'pagos', 'detalles', 'impuestos', 'detallesAdicionales', 'infoAdicional']);

type Valor = string | Valor[] | { [k: string]: Valor };

function hijos(elemento: XmlElement): XmlElement[] {
  const lista: XmlElement[] = [];
  for (let n = elemento.firstChild; n; n = n.next) if ('localNamespaces' in n) lista.push(n as XmlElement);
  return lista;
}

function leer(elemento: XmlElement): Valor {
  const nombre = elemento.name;
  // detAdicional and campoAdicional carry their name as an attribute (and detAdicional its value too).
  if (nombre === 'detAdicional') return { nombre: elemento.attr('nombre')?.value ?? '', valor: elemento.attr('valor')?.value ?? '' };
  if (nombre === 'campoAdicional') return { nombre: elemento.attr('nombre')?.value ?? '', valor: elemento.content };
  const propios = hijos(elemento);
  if (LISTAS.has(nombre)) return propios.map(leer);
  if (propios.length === 0) return elemento.content;
  return Object.fromEntries(propios.filter((h) => h.name !== 'Signature').map((h) => [h.name, leer(h)]));
}

export async function leerComprobanteXml(xml: string): Promise<ComprobanteFactura> {
  const { lib } = await prepararValidador();
  const documento = lib.XmlDocument.fromString(xml);
  try {
    const raiz = documento.root;
    return { version: raiz.attr('version')?.value ?? '1.1.0', ...(leer(raiz) as object) } as ComprobanteFactura;
  } finally {
    documento.dispose();
  }
}
