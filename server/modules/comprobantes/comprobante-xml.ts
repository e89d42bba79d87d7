/**
 * An issued document read back from its signed XML (factura, notaCredito, notaDebito: any type's schema), for the RIDE
 * and the email: the printed document then shows exactly what was signed, even after the company's or the buyer's
 * data changed. The XML is ours (each type's xml.ts), so its shape is its schema's; libxml2-wasm is already loaded for
 * the schema check (esquema.ts).
 */
import type { XmlElement } from 'libxml2-wasm';
import { prepararValidador } from './esquema';
import type { Comprobante } from './tipo';

/**
 * Elements whose children are a list (each child one item), in every schema the app issues: the taxes' totals, the
 * payments, the lines and their taxes and additional details, the additional information, a debit note's reasons, a
 * retención's support documents with their taxes and withholdings, a guía's destinatarios (each with its detalles).
 */
const LISTAS = new Set([
  'totalConImpuestos',
  'pagos',
  'detalles',
  'impuestos',
  'detallesAdicionales',
  'infoAdicional',
  'motivos',
  'docsSustento',
  'impuestosDocSustento',
  'retenciones',
  'destinatarios',
]);

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

/** The document as its type's comprobante (C: ComprobanteFactura, ComprobanteNotaCredito...), version from its root. */
export async function leerComprobanteXml<C extends Comprobante = Comprobante>(xml: string): Promise<C> {
  const { lib } = await prepararValidador();
  const documento = lib.XmlDocument.fromString(xml);
  try {
    const raiz = documento.root;
    return { version: raiz.attr('version')?.value ?? '', ...(leer(raiz) as object) } as C;
  } finally {
    documento.dispose();
  }
}
