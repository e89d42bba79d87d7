/**
 * Builds the credit note exactly as the XML and the RIDE carry it (comprobante.ts): the shared part
 * (comprobantes/datos-comunes.ts: issuer, series, access key, buyer, additional information), the invoice it
 * modifies, its lines computed exactly as an invoice's (facturas/calculo.ts calcularLineas) and built as an invoice's
 * detalles (facturas/armar.ts armarDetalles). The rules that need only this input (consumidor final, the dates, the
 * motivo) are checked here too; those that need the invoice's other notes are reglas.ts, which the server applies.
 */
import { armarComunes, fechaEmisionEcuador, sinAusentes, unaLinea, type DatosComunes, type Registro } from '../comprobantes/datos-comunes';
import { armarDetalles, type LineaFactura } from '../facturas/armar';
import { calcularLineas, type ErrorFactura, type LineasCalculadas } from '../facturas/calculo';
import type { ComprobanteNotaCredito, DetalleNotaCredito, InfoNotaCredito, TotalImpuestoNotaCredito } from './comprobante';
import { NOTAS_CREDITO_MSG as M } from './mensajes';
import { comprobarFechas, esConsumidorFinal } from './reglas';
import { LIMITES_FACTURA } from '../facturas/catalogos';

/** The invoice a note modifies: its number as printed (001-001-000000123) and its date (YYYY-MM-DD). */
export type DocumentoModificado = { numero: string; fecha: string };

export type DatosNotaCredito = DatosComunes & {
  documentoModificado: DocumentoModificado;
  motivo: string;
  lineas: readonly LineaFactura[];
};

export type ResultadoNotaCredito =
  | { ok: true; comprobante: ComprobanteNotaCredito; calculo: LineasCalculadas }
  | { ok: false; errores: ErrorFactura[]; calculo: LineasCalculadas };

/** "1-1-123" or "001-001-000000123" as the schema wants it (3-3-9 digits); undefined when it is no document number. */
export function numeroDocumento(numero: string): string | undefined {
  const partes = /^(\d{1,3})-(\d{1,3})-(\d{1,9})$/.exec(unaLinea(numero));
  if (!partes) return undefined;
  const [, estab = '', punto = '', secuencial = ''] = partes;
  if ([estab, punto, secuencial].some((p) => Number(p) === 0)) return undefined;
  return `${estab.padStart(3, '0')}-${punto.padStart(3, '0')}-${secuencial.padStart(9, '0')}`;
}

/** The invoice's detalle under the note's names: codigoInterno and codigoAdicional, in the schema's order. */
const comoDetalleNota = ({ codigoPrincipal, codigoAuxiliar, ...resto }: ReturnType<typeof armarDetalles>[number]): DetalleNotaCredito =>
  sinAusentes<DetalleNotaCredito>({
    codigoInterno: codigoPrincipal,
    codigoAdicional: codigoAuxiliar,
    descripcion: resto.descripcion,
    cantidad: resto.cantidad,
    precioUnitario: resto.precioUnitario,
    descuento: resto.descuento,
    precioTotalSinImpuesto: resto.precioTotalSinImpuesto,
    detallesAdicionales: resto.detallesAdicionales,
    impuestos: resto.impuestos,
  });

/**
 * The credit note ready for the XML builder and the RIDE, with its access key; or every reason it cannot be issued,
 * each in Spanish, in the order the form shows them: the note's own rules, amounts, shared fields, lines, additional
 * information.
 */
export function armarNotaCredito(datos: DatosNotaCredito): ResultadoNotaCredito {
  const calculo = calcularLineas(datos.lineas);
  const propios: ErrorFactura[] = [];
  if (esConsumidorFinal(datos.comprador)) propios.push({ campo: 'comprador', mensaje: M.consumidorFinal });
  const numDocModificado = numeroDocumento(datos.documentoModificado.numero);
  if (!numDocModificado) propios.push({ campo: 'documentoModificado.numero', mensaje: M.numeroFactura });
  const fechaEmisionDocSustento = fechaEmisionEcuador(String(datos.documentoModificado.fecha ?? ''));
  propios.push(...comprobarFechas(datos.fecha, datos.documentoModificado.fecha));
  const motivo = unaLinea(datos.motivo);
  if (!motivo) propios.push({ campo: 'motivo', mensaje: M.motivoRequerido });
  else if (motivo.length > LIMITES_FACTURA.texto) propios.push({ campo: 'motivo', mensaje: M.motivoLargo });
  if (datos.lineas.length === 0) propios.push({ campo: 'lineas', mensaje: M.sinLineas });
  else if (calculo.errores.length === 0 && calculo.total === '0.00') propios.push({ campo: 'lineas', mensaje: M.totalCero });

  const comunes = armarComunes(datos, '04');
  const erroresDetalles: ErrorFactura[] = [];
  const registrar: Registro = (campo, mensaje, linea) => erroresDetalles.push(linea ? { campo, mensaje, linea } : { campo, mensaje });
  const detalles = armarDetalles(datos.lineas, calculo, registrar).map(comoDetalleNota);
  if (!comunes.ok || propios.length > 0 || erroresDetalles.length > 0 || calculo.errores.length > 0) {
    const deComunes = comunes.ok ? [] : comunes.errores;
    const adicionales = deComunes.filter((e) => e.campo === 'camposAdicionales');
    const errores = [
      ...propios,
      ...calculo.errores,
      ...deComunes.filter((e) => e.campo !== 'camposAdicionales'),
      ...erroresDetalles,
      ...adicionales,
    ];
    return { ok: false, errores, calculo };
  }

  const { infoTributaria, fechaEmision, emisor, comprador, infoAdicional } = comunes;
  // The schema's totalImpuesto of a credit note has no tarifa: the invoice's totals without it, in the same order.
  const totalConImpuestos = calculo.totalConImpuestos.map(
    ({ codigo, codigoPorcentaje, baseImponible, valor }): TotalImpuestoNotaCredito => ({ codigo, codigoPorcentaje, baseImponible, valor }),
  );
  const infoNotaCredito = sinAusentes<InfoNotaCredito>({
    fechaEmision,
    dirEstablecimiento: emisor.dirEstablecimiento,
    tipoIdentificacionComprador: comprador.tipoIdentificacion,
    razonSocialComprador: comprador.razonSocial,
    identificacionComprador: comprador.identificacion,
    contribuyenteEspecial: emisor.contribuyenteEspecial,
    obligadoContabilidad: emisor.obligadoContabilidad,
    codDocModificado: '01',
    numDocModificado: numDocModificado!,
    fechaEmisionDocSustento: fechaEmisionDocSustento!,
    totalSinImpuestos: calculo.totalSinImpuestos,
    valorModificacion: calculo.total,
    moneda: 'DOLAR',
    totalConImpuestos,
    motivo,
  });
  const comprobante = sinAusentes<ComprobanteNotaCredito>({ version: '1.1.0', infoTributaria, infoNotaCredito, detalles, infoAdicional });
  return { ok: true, comprobante, calculo };
}
