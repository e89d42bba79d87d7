/**
 * An issued document read back from its signed XML (factura, notaCredito, notaDebito: any type's schema), for the RIDE
 * and the email: the printed document then shows exactly what was signed, even after the company's or the buyer's
 * data changed. The XML is ours (each type's xml.ts), so its shape is its schema's, and xml-lector.ts reads it.
 */
import { atributo, leerXml, type ElementoXml } from './xml-lector';
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

function leer(elemento: ElementoXml): Valor {
  const { nombre, hijos } = elemento;
  // detAdicional and campoAdicional carry their name as an attribute (and detAdicional its value too).
  if (nombre === 'detAdicional') return { nombre: atributo(elemento, 'nombre') ?? '', valor: atributo(elemento, 'valor') ?? '' };
  if (nombre === 'campoAdicional') return { nombre: atributo(elemento, 'nombre') ?? '', valor: elemento.texto };
  if (LISTAS.has(nombre)) return hijos.map(leer);
  if (hijos.length === 0) return elemento.texto;
  const objeto: Record<string, Valor> = {};
  for (const h of hijos) if (h.nombre !== 'Signature') objeto[h.nombre] = leer(h);
  return objeto;
}

/** The document as its type's comprobante (C: ComprobanteFactura, ComprobanteNotaCredito...), version from its root. */
export async function leerComprobanteXml<C extends Comprobante = Comprobante>(xml: string): Promise<C> {
  const raiz = leerXml(xml);
  return { version: atributo(raiz, 'version') ?? '', ...(leer(raiz) as object) } as C;
}
