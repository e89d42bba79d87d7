/**
 * Builds the liquidación de compra exactly as the XML and the RIDE carry it (comprobante.ts): the invoice's calculation
 * (calcularFactura, with its own messages), the invoice's lines (armarDetalles), the shared part (armarComunes with
 * codDoc 03, which names the recipient "del proveedor"), and its own rules: the supplier without RUC, no ICE.
 */
import { calcularFactura, type ErrorFactura, type FacturaCalculada, type PagoEntrada } from '../facturas/calculo';
import { armarDetalles, type LineaFactura } from '../facturas/armar';
import { armarComunes, sinAusentes, type DatosComunes, type Registro } from '../comprobantes/datos-comunes';
import type { ComprobanteLiquidacionCompra, InfoLiquidacionCompra } from './comprobante';
import { LIQUIDACION_MSG } from './mensajes';
import { motivoProveedor } from './reglas';

export type DatosLiquidacion = DatosComunes & { lineas: readonly LineaFactura[]; pagos: readonly PagoEntrada[] };

export type ResultadoLiquidacion =
  | { ok: true; comprobante: ComprobanteLiquidacionCompra; calculo: FacturaCalculada }
  | { ok: false; errores: ErrorFactura[]; calculo: FacturaCalculada };

/** The liquidación's amounts and the rules on them (the form and the server call the same). */
export function calcularLiquidacion(lineas: readonly LineaFactura[], pagos: readonly PagoEntrada[]) {
  const calculo = calcularFactura({ lineas, pagos, mensajes: LIQUIDACION_MSG });
  const sinIce = lineas.flatMap((l, i) => (l.ice ? [{ campo: 'ice', linea: i + 1, mensaje: LIQUIDACION_MSG.sinIce(i + 1) }] : []));
  return { ...calculo, errores: [...calculo.errores, ...sinIce] };
}

/** The liquidación ready for the XML builder and the RIDE, with its access key; or every reason it cannot be issued. */
export function armarLiquidacion(datos: DatosLiquidacion): ResultadoLiquidacion {
  const calculo = calcularLiquidacion(datos.lineas, datos.pagos);
  const comunes = armarComunes(datos, '03');
  const erroresDetalles: ErrorFactura[] = [];
  const registrar: Registro = (campo, mensaje, linea) => erroresDetalles.push(linea ? { campo, mensaje, linea } : { campo, mensaje });
  const detalles = armarDetalles(datos.lineas, calculo, registrar);
  // The schema admits a RUC (04); the rule does not: say so in the liquidación's words, not the shared part's.
  const motivo = motivoProveedor({ tipoIdentificacion: String(datos.comprador.tipoIdentificacion ?? '').trim(), activo: true });
  const proveedor: ErrorFactura[] = motivo ? [{ campo: 'comprador.tipoIdentificacion', mensaje: motivo }] : [];
  if (!comunes.ok || erroresDetalles.length > 0 || calculo.errores.length > 0 || proveedor.length > 0) {
    const deComunes = comunes.ok ? [] : comunes.errores.filter((e) => proveedor.length === 0 || e.campo !== 'comprador.tipoIdentificacion');
    return { ok: false, errores: [...calculo.errores, ...proveedor, ...deComunes, ...erroresDetalles], calculo };
  }

  const { infoTributaria, fechaEmision, emisor, comprador, infoAdicional } = comunes;
  const infoLiquidacionCompra = sinAusentes<InfoLiquidacionCompra>({
    fechaEmision,
    dirEstablecimiento: emisor.dirEstablecimiento,
    contribuyenteEspecial: emisor.contribuyenteEspecial,
    obligadoContabilidad: emisor.obligadoContabilidad,
    tipoIdentificacionProveedor: comprador.tipoIdentificacion,
    razonSocialProveedor: comprador.razonSocial,
    identificacionProveedor: comprador.identificacion,
    direccionProveedor: comprador.direccion,
    totalSinImpuestos: calculo.totalSinImpuestos,
    totalDescuento: calculo.totalDescuento,
    totalConImpuestos: calculo.totalConImpuestos,
    importeTotal: calculo.importeTotal,
    moneda: 'DOLAR',
    pagos: calculo.pagos,
  });
  const comprobante = sinAusentes<ComprobanteLiquidacionCompra>({
    version: '1.1.0',
    infoTributaria,
    infoLiquidacionCompra,
    detalles,
    infoAdicional,
  });
  return { ok: true, comprobante, calculo };
}
