import type { ImpuestoDetalle, InfoTributaria, Pago } from '../../../domain/comprobantes/comprobante';

/**
 * What every document type's XML builder shares (facturas, notasCredito, notasDebito...): the escaping, the element
 * helpers, infoTributaria, the lines' detallesAdicionales and infoAdicional. Each type writes its document as a string:
 * a DOM costs more than the rest of the document together and adds nothing here, since the shape is fixed by the
 * schema. The output is compact (no whitespace between elements, no self-closing tags, attributes in a fixed order)
 * so that what the signer canonicalizes and digests is exactly what the SRI receives, and the same comprobante always
 * gives the same bytes.
 */

/** Characters XML 1.0 cannot carry at all, not even as a character reference (control characters, lone surrogates). */
const PROHIBIDOS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESPECIALES_TEXTO = /[&<>\r]|[^\t\n\u0020-\uD7FF\uE000-\uFFFD]/;
const ESPECIALES_ATRIBUTO = /[&<>"\t\n\r]|[^\u0020-\uD7FF\uE000-\uFFFD]/;

/** The declaration every document starts with, followed by a line feed and the document on one line. */
const DECLARACION_XML = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * Escapes text content. A carriage return is written as a reference because a parser would otherwise turn it into a
 * line feed, and the signed digest would no longer match the data; characters XML forbids are dropped.
 */
function escaparTexto(valor: string): string {
  if (!ESPECIALES_TEXTO.test(valor)) return valor;
  return valor.replace(PROHIBIDOS, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Escapes an attribute value (double-quoted); tabs and line breaks as references, which attribute normalization keeps. */
function escaparAtributo(valor: string): string {
  if (!ESPECIALES_ATRIBUTO.test(valor)) return valor;
  return valor
    .replace(PROHIBIDOS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** A required element: written even when empty, so that the schema names it instead of it silently going missing. */
function el(nombre: string, valor: string): string {
  return `<${nombre}>${escaparTexto(valor)}</${nombre}>`;
}

/** An optional element: absent when undefined or empty (an empty optional field in the database means "none"). */
function opt(nombre: string, valor: string | undefined): string {
  return valor === undefined || valor === '' ? '' : el(nombre, valor);
}

/** A field's element, named as the field: `name?` for an optional one (left out when empty); only text fields qualify. */
export type Campo<T> = {
  [K in keyof T & string]: undefined extends T[K]
    ? Exclude<T[K], undefined> extends string
      ? `${K}?`
      : never
    : T[K] extends string
      ? K
      : never;
}[keyof T & string];

/** The elements of an object's text fields, in the order the schema gives them. */
export function campos<T extends object>(valor: T, nombres: ReadonlyArray<Campo<T>>): string {
  const textos = valor as Record<string, string | undefined>;
  return nombres
    .map((nombre) => (nombre.endsWith('?') ? opt(nombre.slice(0, -1), textos[nombre.slice(0, -1)]) : el(nombre, textos[nombre]!)))
    .join('');
}

/** `<lista><uno>…</uno>…</lista>`, or nothing for an empty list (the schemas want at least one child in each). */
export function lista<T>(contenedor: string, elemento: string, items: readonly T[], escribir: (item: T) => string): string {
  if (items.length === 0) return '';
  return `<${contenedor}>${items.map((i) => `<${elemento}>${escribir(i)}</${elemento}>`).join('')}</${contenedor}>`;
}

const INFO_TRIBUTARIA: ReadonlyArray<Campo<InfoTributaria>> = [
  'ambiente',
  'tipoEmision',
  'razonSocial',
  'nombreComercial?',
  'ruc',
  'claveAcceso',
  'codDoc',
  'estab',
  'ptoEmi',
  'secuencial',
  'dirMatriz',
  'agenteRetencion?',
  'contribuyenteRimpe?',
];

/** The root's start tag and infoTributaria, the same in every type: `<factura id="comprobante" version="1.1.0">…`. */
export function inicioComprobante(raiz: string, version: string, info: InfoTributaria): string {
  return (
    DECLARACION_XML +
    `<${raiz} id="comprobante" version="${escaparAtributo(version)}">` +
    `<infoTributaria>${campos(info, INFO_TRIBUTARIA)}</infoTributaria>`
  );
}

type CampoAdicional = { nombre: string; valor: string };

/** A line's detallesAdicionales (at most 3 detAdicional, name and value as attributes), or nothing. */
export function detallesAdicionales(adicionales: readonly CampoAdicional[] | undefined): string {
  if (!adicionales?.length) return '';
  return (
    '<detallesAdicionales>' +
    adicionales
      .map((a) => `<detAdicional nombre="${escaparAtributo(a.nombre)}" valor="${escaparAtributo(a.valor)}"></detAdicional>`)
      .join('') +
    '</detallesAdicionales>'
  );
}

/** The document's infoAdicional (campoAdicional elements), or nothing. */
export function infoAdicional(adicionales: readonly CampoAdicional[] | undefined): string {
  if (!adicionales?.length) return '';
  return (
    '<infoAdicional>' +
    adicionales.map((c) => `<campoAdicional nombre="${escaparAtributo(c.nombre)}">${escaparTexto(c.valor)}</campoAdicional>`).join('') +
    '</infoAdicional>'
  );
}

/** A tax of a line or of a debit note: tarifa is required and comes before baseImponible in every schema issued. */
const IMPUESTO: ReadonlyArray<Campo<ImpuestoDetalle>> = ['codigo', 'codigoPorcentaje', 'tarifa', 'baseImponible', 'valor'];
const PAGO: ReadonlyArray<Campo<Pago>> = ['formaPago', 'total', 'plazo?', 'unidadTiempo?'];

/** `<impuestos>` with one `<impuesto>` each (written even when empty, as the schemas want it). */
export function impuestos(lista: readonly ImpuestoDetalle[]): string {
  return '<impuestos>' + lista.map((i) => `<impuesto>${campos(i, IMPUESTO)}</impuesto>`).join('') + '</impuestos>';
}

/** The schema wants at least one pago inside pagos: no payments means no pagos element. */
export const pagos = (items: readonly Pago[]): string => lista('pagos', 'pago', items, (p) => campos(p, PAGO));

/** The document's totalConImpuestos, one totalImpuesto each with the fields its schema names. */
export function totalConImpuestos<T extends object>(items: readonly T[], nombres: ReadonlyArray<Campo<T>>): string {
  return '<totalConImpuestos>' + items.map((t) => `<totalImpuesto>${campos(t, nombres)}</totalImpuesto>`).join('') + '</totalConImpuestos>';
}

type Linea = { detallesAdicionales?: readonly CampoAdicional[]; impuestos: readonly ImpuestoDetalle[] };

/** `<detalles>`: each line's fields (as its schema names them), its detallesAdicionales and its taxes. */
export function detalles<D extends Linea>(lineas: readonly D[], nombres: ReadonlyArray<Campo<D>>): string {
  return (
    '<detalles>' +
    lineas
      .map((d) => '<detalle>' + campos(d, nombres) + detallesAdicionales(d.detallesAdicionales) + impuestos(d.impuestos) + '</detalle>')
      .join('') +
    '</detalles>'
  );
}
