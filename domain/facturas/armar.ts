/**
 * Builds the invoice exactly as the XML and the RIDE carry it (comprobante.ts) from the company's data, the buyer, the
 * lines and the payments: computes the amounts (calculo.ts), writes every field in the schema's format and makes the
 * access key. Amounts: money with 2 decimals ("12.50"); cantidad and precioUnitario always with 6 ("2.500000"), the
 * schema's fractionDigits, so that the same value is always the same bytes whatever the user typed; tarifa "15.00".
 * What every document type shares (issuer, series, buyer, additional information) is domain/comprobantes/datos-comunes.ts.
 */
import { calcularFactura, type ErrorFactura, type FacturaCalculada, type LineaEntrada, type Numero, type PagoEntrada } from './calculo';
import { LIMITES_FACTURA } from './catalogos';
import {
  armarComunes,
  sinAusentes,
  texto,
  unaLinea,
  type CampoAdicional,
  type DatosComunes,
  type Registro,
} from '../comprobantes/datos-comunes';
import type { ComprobanteFactura, Detalle, InfoFactura } from './comprobante';
import { ARMADO_MSG, enLinea } from './mensajes';

export { fechaEmisionEcuador, type CampoAdicional, type DatosComunes } from '../comprobantes/datos-comunes';

export type LineaFactura = LineaEntrada & {
  codigoPrincipal?: string | null;
  codigoAuxiliar?: string | null;
  descripcion: string;
  detallesAdicionales?: readonly CampoAdicional[];
};

export type DatosFactura = DatosComunes & {
  lineas: readonly LineaFactura[];
  pagos: readonly PagoEntrada[];
  propina?: Numero | null;
};

export type ResultadoArmado =
  | { ok: true; comprobante: ComprobanteFactura; calculo: FacturaCalculada }
  | { ok: false; errores: ErrorFactura[]; calculo: FacturaCalculada };

/** The lines as the schema's detalle, from what was typed and its computation; each error names its line. Credit notes use it too. */
export function armarDetalles(lineas: readonly LineaFactura[], calculo: Pick<FacturaCalculada, 'lineas'>, registrar: Registro): Detalle[] {
  return lineas.map((linea, i) => {
    const n = i + 1;
    const enEsta: Registro = (campo, mensaje) => registrar(campo, enLinea(n, mensaje.charAt(0).toLowerCase() + mensaje.slice(1)), n);
    const calculada = calculo.lineas[i]!;
    const adicionales = (linea.detallesAdicionales ?? [])
      .map((d) => ({ nombre: unaLinea(d.nombre), valor: unaLinea(d.valor) }))
      .filter((d) => d.nombre || d.valor);
    if (adicionales.length > LIMITES_FACTURA.detallesAdicionales)
      registrar('detallesAdicionales', enLinea(n, ARMADO_MSG.detallesAdicionales), n);
    adicionales.forEach((d) => {
      if (!d.nombre || !d.valor) enEsta('detallesAdicionales', ARMADO_MSG.campoAdicionalIncompleto);
      else if (d.nombre.length > LIMITES_FACTURA.texto || d.valor.length > LIMITES_FACTURA.texto)
        enEsta('detallesAdicionales', ARMADO_MSG.largo('El detalle adicional', LIMITES_FACTURA.texto));
    });
    return sinAusentes<Detalle>({
      codigoPrincipal: texto(
        linea.codigoPrincipal,
        'el código principal',
        'codigoPrincipal',
        enEsta,
        LIMITES_FACTURA.codigoProducto,
        false,
      ),
      codigoAuxiliar: texto(linea.codigoAuxiliar, 'el código auxiliar', 'codigoAuxiliar', enEsta, LIMITES_FACTURA.codigoProducto, false),
      descripcion: texto(linea.descripcion, 'la descripción', 'descripcion', enEsta) ?? '',
      cantidad: calculada.cantidad,
      precioUnitario: calculada.precioUnitario,
      descuento: calculada.descuento,
      precioTotalSinImpuesto: calculada.precioTotalSinImpuesto,
      detallesAdicionales: adicionales.length > 0 ? adicionales : undefined,
      impuestos: calculada.impuestos,
    });
  });
}

/**
 * The invoice ready for the XML builder and the RIDE, with its access key; or every reason it cannot be issued (the
 * amounts' rules of calculo.ts and the fields' rules of the schema), each in Spanish.
 */
export function armarComprobante(datos: DatosFactura): ResultadoArmado {
  const calculo = calcularFactura({
    lineas: datos.lineas,
    pagos: datos.pagos,
    propina: datos.propina,
    tipoIdentificacionComprador: datos.comprador.tipoIdentificacion,
  });
  const comunes = armarComunes(datos, '01');
  const erroresDetalles: ErrorFactura[] = [];
  const registrar: Registro = (campo, mensaje, linea) => erroresDetalles.push(linea ? { campo, mensaje, linea } : { campo, mensaje });
  const detalles = armarDetalles(datos.lineas, calculo, registrar);
  if (!comunes.ok || erroresDetalles.length > 0 || calculo.errores.length > 0) {
    // The order the form shows: amounts, date, issuer, buyer, lines, then the additional information.
    const deComunes = comunes.ok ? [] : comunes.errores;
    const adicionales = deComunes.filter((e) => e.campo === 'camposAdicionales');
    const errores = [...calculo.errores, ...deComunes.filter((e) => e.campo !== 'camposAdicionales'), ...erroresDetalles, ...adicionales];
    return { ok: false, errores, calculo };
  }

  const { infoTributaria, fechaEmision, emisor, comprador, infoAdicional } = comunes;
  const infoFactura = sinAusentes<InfoFactura>({
    fechaEmision,
    dirEstablecimiento: emisor.dirEstablecimiento,
    contribuyenteEspecial: emisor.contribuyenteEspecial,
    obligadoContabilidad: emisor.obligadoContabilidad,
    tipoIdentificacionComprador: comprador.tipoIdentificacion,
    razonSocialComprador: comprador.razonSocial,
    identificacionComprador: comprador.identificacion,
    direccionComprador: comprador.direccion,
    totalSinImpuestos: calculo.totalSinImpuestos,
    totalDescuento: calculo.totalDescuento,
    totalConImpuestos: calculo.totalConImpuestos,
    propina: calculo.propina,
    importeTotal: calculo.importeTotal,
    moneda: 'DOLAR',
    pagos: calculo.pagos,
  });
  const comprobante = sinAusentes<ComprobanteFactura>({ version: '1.1.0', infoTributaria, infoFactura, detalles, infoAdicional });
  return { ok: true, comprobante, calculo };
}
