import type {
  ComprobanteFactura,
  Detalle,
  ImpuestoDetalle,
  InfoFactura,
  InfoTributaria,
  Pago,
  TotalImpuesto,
} from '../../../domain/facturas/comprobante';

/**
 * The invoice's XML (factura_V1.1.0.xsd), built as a string: a DOM costs more than the rest of the invoice together
 * and adds nothing here, since the shape is fixed by the schema. The output is compact (no whitespace between
 * elements, no self-closing tags, attributes in a fixed order) so that what the signer canonicalizes and digests is
 * exactly what the SRI receives, and the same comprobante always gives the same bytes.
 */

/** Characters XML 1.0 cannot carry at all, not even as a character reference (control characters, lone surrogates). */
const PROHIBIDOS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESPECIALES_TEXTO = /[&<>\r]|[^\t\n\u0020-\uD7FF\uE000-\uFFFD]/;
const ESPECIALES_ATRIBUTO = /[&<>"\t\n\r]|[^\u0020-\uD7FF\uE000-\uFFFD]/;

/**
 * Escapes text content. A carriage return is written as a reference because a parser would otherwise turn it into a
 * line feed, and the signed digest would no longer match the data; characters XML forbids are dropped.
 */
export function escaparTexto(valor: string): string {
  if (!ESPECIALES_TEXTO.test(valor)) return valor;
  return valor.replace(PROHIBIDOS, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Escapes an attribute value (double-quoted); tabs and line breaks as references, which attribute normalization keeps. */
export function escaparAtributo(valor: string): string {
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
type Campo<T> = {
  [K in keyof T & string]: undefined extends T[K]
    ? Exclude<T[K], undefined> extends string
      ? `${K}?`
      : never
    : T[K] extends string
      ? K
      : never;
}[keyof T & string];

/** The elements of an object's text fields, in the order the schema gives them. */
function campos<T extends object>(valor: T, nombres: ReadonlyArray<Campo<T>>): string {
  const textos = valor as Record<string, string | undefined>;
  return nombres
    .map((nombre) => (nombre.endsWith('?') ? opt(nombre.slice(0, -1), textos[nombre.slice(0, -1)]) : el(nombre, textos[nombre]!)))
    .join('');
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
const TOTAL_IMPUESTO: ReadonlyArray<Campo<TotalImpuesto>> = [
  'codigo',
  'codigoPorcentaje',
  'descuentoAdicional?',
  'baseImponible',
  'tarifa?',
  'valor',
];
const PAGO: ReadonlyArray<Campo<Pago>> = ['formaPago', 'total', 'plazo?', 'unidadTiempo?'];
const INFO_FACTURA_COMPRADOR: ReadonlyArray<Campo<InfoFactura>> = [
  'fechaEmision',
  'dirEstablecimiento?',
  'contribuyenteEspecial?',
  'obligadoContabilidad?',
  'tipoIdentificacionComprador',
  'razonSocialComprador',
  'identificacionComprador',
  'direccionComprador?',
  'totalSinImpuestos',
  'totalDescuento',
];
const INFO_FACTURA_TOTAL: ReadonlyArray<Campo<InfoFactura>> = ['propina', 'importeTotal', 'moneda'];
const DETALLE: ReadonlyArray<Campo<Detalle>> = [
  'codigoPrincipal?',
  'codigoAuxiliar?',
  'descripcion',
  'cantidad',
  'precioUnitario',
  'descuento',
  'precioTotalSinImpuesto',
];
const IMPUESTO: ReadonlyArray<Campo<ImpuestoDetalle>> = ['codigo', 'codigoPorcentaje', 'tarifa', 'baseImponible', 'valor'];

function infoFactura(f: InfoFactura): string {
  return (
    '<infoFactura>' +
    campos(f, INFO_FACTURA_COMPRADOR) +
    '<totalConImpuestos>' +
    f.totalConImpuestos.map((t) => `<totalImpuesto>${campos(t, TOTAL_IMPUESTO)}</totalImpuesto>`).join('') +
    '</totalConImpuestos>' +
    campos(f, INFO_FACTURA_TOTAL) +
    // The schema wants at least one pago inside pagos: no payments means no pagos element.
    (f.pagos.length > 0 ? '<pagos>' + f.pagos.map((p) => `<pago>${campos(p, PAGO)}</pago>`).join('') + '</pagos>' : '') +
    '</infoFactura>'
  );
}

function detalle(d: Detalle): string {
  const adicionales = d.detallesAdicionales?.length
    ? '<detallesAdicionales>' +
      d.detallesAdicionales
        .map((a) => `<detAdicional nombre="${escaparAtributo(a.nombre)}" valor="${escaparAtributo(a.valor)}"></detAdicional>`)
        .join('') +
      '</detallesAdicionales>'
    : '';
  return (
    '<detalle>' +
    campos(d, DETALLE) +
    adicionales +
    '<impuestos>' +
    d.impuestos.map((i) => `<impuesto>${campos(i, IMPUESTO)}</impuesto>`).join('') +
    '</impuestos>' +
    '</detalle>'
  );
}

function infoAdicional(campos: ComprobanteFactura['infoAdicional']): string {
  if (!campos?.length) return '';
  return (
    '<infoAdicional>' +
    campos.map((c) => `<campoAdicional nombre="${escaparAtributo(c.nombre)}">${escaparTexto(c.valor)}</campoAdicional>`).join('') +
    '</infoAdicional>'
  );
}

/** The XML declaration, a line feed, and the whole factura on one line. */
export function facturaXml(comprobante: ComprobanteFactura): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<factura id="comprobante" version="${escaparAtributo(comprobante.version)}">` +
    `<infoTributaria>${campos(comprobante.infoTributaria, INFO_TRIBUTARIA)}</infoTributaria>` +
    infoFactura(comprobante.infoFactura) +
    '<detalles>' +
    comprobante.detalles.map(detalle).join('') +
    '</detalles>' +
    infoAdicional(comprobante.infoAdicional) +
    '</factura>'
  );
}
