/**
 * Builds the comprobante de retención exactly as the XML and the RIDE carry it (comprobante.ts): the shared part
 * (comprobantes/datos-comunes.ts: issuer, series, access key, the supplier as recipient, additional information) and
 * one docSustento per support document, with its taxes, the withholdings calculo.ts computed, and its payments.
 */
import { escalar, formatear, formatearSinCeros, leerDecimal } from '../comprobantes/decimal';
import { armarComunes, fechaEmisionEcuador, sinAusentes, type DatosComunes } from '../comprobantes/datos-comunes';
import type { Pago } from '../comprobantes/comprobante';
import type { ErrorFactura, Numero } from '../facturas/calculo';
import { diaDe } from '../notasCredito/reglas';
import { FORMA_PAGO_SIN_DETALLE, PAGO_LOCAL } from './catalogos';
import { calcularRetencion, periodoFiscal, type RetencionCalculo, type SustentoCalculado, type SustentoEntrada } from './calculo';
import type { ComprobanteRetencion, DocSustento, ImpuestoDocSustento, InfoCompRetencion } from './comprobante';

export type DatosRetencion = DatosComunes & {
  sustentos: readonly SustentoEntrada[];
  /** Whether the supplier is a related party (parteRel); false unless the company says so. */
  parteRelacionada?: boolean;
};

export type ResultadoRetencion =
  | { ok: true; comprobante: ComprobanteRetencion; calculo: RetencionCalculo }
  | { ok: false; errores: ErrorFactura[]; calculo: RetencionCalculo };

/** An amount with the 2 decimals the schema wants ("12.5" → "12.50"). */
const dos = (valor: Numero | null | undefined) => {
  const l = leerDecimal(valor ?? '0');
  return formatear(l.ok && l.decimales <= 2 ? escalar(l, 2) : 0n, 2);
};
/** A rate or percentage without trailing zeros ("15.00" → "15", "2.75"): the schema's totalDigits is 3. */
const sinCeros = (valor: Numero | null | undefined) => {
  const l = leerDecimal(valor ?? '0');
  return l.ok && l.decimales <= 2 ? formatearSinCeros(escalar(l, 2), 2) : '0';
};

function docSustento(s: SustentoCalculado): DocSustento {
  const d = s.documento;
  const impuestosDocSustento = d.impuestos.map((i): ImpuestoDocSustento => ({
    codImpuestoDocSustento: i.codigo,
    codigoPorcentaje: i.codigoPorcentaje,
    baseImponible: dos(i.baseImponible),
    tarifa: sinCeros(i.tarifa),
    valorImpuesto: dos(i.valor),
  }));
  const pagos: Pago[] = d.pagos.length
    ? d.pagos.map((p) => ({ formaPago: p.formaPago, total: dos(p.total) }))
    : [{ formaPago: FORMA_PAGO_SIN_DETALLE, total: dos(d.importeTotal) }];
  const autorizacion = String(d.autorizacion ?? '').trim();
  return sinAusentes<DocSustento>({
    codSustento: s.codSustento,
    codDocSustento: d.codDoc,
    numDocSustento: d.numero.replace(/-/g, ''),
    fechaEmisionDocSustento: fechaEmisionEcuador(d.fecha)!,
    numAutDocSustento: /^\d{10,49}$/.test(autorizacion) ? autorizacion : undefined,
    pagoLocExt: PAGO_LOCAL,
    totalSinImpuestos: dos(d.totalSinImpuestos),
    importeTotal: dos(d.importeTotal),
    impuestosDocSustento,
    retenciones: s.retenciones.map((r) => ({
      codigo: r.impuesto,
      codigoRetencion: r.codigo,
      baseImponible: r.base,
      porcentajeRetener: sinCeros(r.porcentaje),
      valorRetenido: r.valor,
    })),
    pagos,
  });
}

/**
 * The retención ready for the XML builder and the RIDE, with its access key; or every reason it cannot be issued,
 * each in Spanish, in the order the form shows them: the documents and withholdings, the shared fields, the
 * additional information.
 */
export function armarRetencion(datos: DatosRetencion): ResultadoRetencion {
  const dia = diaDe(datos.fecha);
  const calculo = calcularRetencion(datos.sustentos, dia);
  const comunes = armarComunes(datos, '07');
  if (!comunes.ok || calculo.errores.length > 0) {
    const deComunes = comunes.ok ? [] : comunes.errores;
    const adicionales = deComunes.filter((e) => e.campo === 'camposAdicionales');
    const errores = [...calculo.errores, ...deComunes.filter((e) => e.campo !== 'camposAdicionales'), ...adicionales];
    return { ok: false, errores, calculo };
  }

  const { infoTributaria, fechaEmision, emisor, comprador, infoAdicional } = comunes;
  const infoCompRetencion = sinAusentes<InfoCompRetencion>({
    fechaEmision,
    dirEstablecimiento: emisor.dirEstablecimiento,
    contribuyenteEspecial: emisor.contribuyenteEspecial,
    obligadoContabilidad: emisor.obligadoContabilidad,
    tipoIdentificacionSujetoRetenido: comprador.tipoIdentificacion,
    parteRel: datos.parteRelacionada ? 'SI' : 'NO',
    razonSocialSujetoRetenido: comprador.razonSocial,
    identificacionSujetoRetenido: comprador.identificacion,
    periodoFiscal: periodoFiscal(fechaEmision.split('/').reverse().join('-')),
  });
  const comprobante = sinAusentes<ComprobanteRetencion>({
    version: '2.0.0',
    infoTributaria,
    infoCompRetencion,
    docsSustento: calculo.sustentos.map(docSustento),
    infoAdicional,
  });
  return { ok: true, comprobante, calculo };
}
