import type { ComprobanteFactura, Detalle, InfoFactura, InfoTributaria, Pago, TotalImpuesto } from '../../../domain/facturas/comprobante';

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

function infoTributaria(it: InfoTributaria): string {
  return (
    '<infoTributaria>' +
    el('ambiente', it.ambiente) +
    el('tipoEmision', it.tipoEmision) +
    el('razonSocial', it.razonSocial) +
    opt('nombreComercial', it.nombreComercial) +
    el('ruc', it.ruc) +
    el('claveAcceso', it.claveAcceso) +
    el('codDoc', it.codDoc) +
    el('estab', it.estab) +
    el('ptoEmi', it.ptoEmi) +
    el('secuencial', it.secuencial) +
    el('dirMatriz', it.dirMatriz) +
    opt('agenteRetencion', it.agenteRetencion) +
    opt('contribuyenteRimpe', it.contribuyenteRimpe) +
    '</infoTributaria>'
  );
}

function totalImpuesto(t: TotalImpuesto): string {
  return (
    '<totalImpuesto>' +
    el('codigo', t.codigo) +
    el('codigoPorcentaje', t.codigoPorcentaje) +
    opt('descuentoAdicional', t.descuentoAdicional) +
    el('baseImponible', t.baseImponible) +
    opt('tarifa', t.tarifa) +
    el('valor', t.valor) +
    '</totalImpuesto>'
  );
}

function pago(p: Pago): string {
  return (
    '<pago>' + el('formaPago', p.formaPago) + el('total', p.total) + opt('plazo', p.plazo) + opt('unidadTiempo', p.unidadTiempo) + '</pago>'
  );
}

function infoFactura(f: InfoFactura): string {
  return (
    '<infoFactura>' +
    el('fechaEmision', f.fechaEmision) +
    opt('dirEstablecimiento', f.dirEstablecimiento) +
    opt('contribuyenteEspecial', f.contribuyenteEspecial) +
    opt('obligadoContabilidad', f.obligadoContabilidad) +
    el('tipoIdentificacionComprador', f.tipoIdentificacionComprador) +
    el('razonSocialComprador', f.razonSocialComprador) +
    el('identificacionComprador', f.identificacionComprador) +
    opt('direccionComprador', f.direccionComprador) +
    el('totalSinImpuestos', f.totalSinImpuestos) +
    el('totalDescuento', f.totalDescuento) +
    '<totalConImpuestos>' +
    f.totalConImpuestos.map(totalImpuesto).join('') +
    '</totalConImpuestos>' +
    el('propina', f.propina) +
    el('importeTotal', f.importeTotal) +
    el('moneda', f.moneda) +
    // The schema wants at least one pago inside pagos: no payments means no pagos element.
    (f.pagos.length > 0 ? '<pagos>' + f.pagos.map(pago).join('') + '</pagos>' : '') +
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
    opt('codigoPrincipal', d.codigoPrincipal) +
    opt('codigoAuxiliar', d.codigoAuxiliar) +
    el('descripcion', d.descripcion) +
    el('cantidad', d.cantidad) +
    el('precioUnitario', d.precioUnitario) +
    el('descuento', d.descuento) +
    el('precioTotalSinImpuesto', d.precioTotalSinImpuesto) +
    adicionales +
    '<impuestos>' +
    d.impuestos
      .map(
        (i) =>
          '<impuesto>' +
          el('codigo', i.codigo) +
          el('codigoPorcentaje', i.codigoPorcentaje) +
          el('tarifa', i.tarifa) +
          el('baseImponible', i.baseImponible) +
          el('valor', i.valor) +
          '</impuesto>',
      )
      .join('') +
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
    infoTributaria(comprobante.infoTributaria) +
    infoFactura(comprobante.infoFactura) +
    '<detalles>' +
    comprobante.detalles.map(detalle).join('') +
    '</detalles>' +
    infoAdicional(comprobante.infoAdicional) +
    '</factura>'
  );
}
