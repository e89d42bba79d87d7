/**
 * Builds the debit note exactly as the XML and the RIDE carry it (comprobante.ts): the shared part
 * (comprobantes/datos-comunes.ts: issuer, series, access key, buyer, additional information), the invoice it
 * modifies, its reasons and payments computed by calculo.ts.
 */
import { esDia, fechaCorta } from '../fechas';
import { armarComunes, fechaEmisionEcuador, sinAusentes, type DatosComunes } from '../comprobantes/datos-comunes';
import type { ErrorFactura, PagoEntrada } from '../facturas/calculo';
import { numeroDocumento, type DocumentoModificado } from '../notasCredito/armar';
import { diaDe } from '../notasCredito/reglas';
import { calcularNotaDebito, type MotivoEntrada, type NotaDebitoCalculada } from './calculo';
import type { ComprobanteNotaDebito, InfoNotaDebito } from './comprobante';
import { NOTAS_DEBITO_MSG as M } from './mensajes';

export type DatosNotaDebito = DatosComunes & {
  documentoModificado: DocumentoModificado;
  motivos: readonly MotivoEntrada[];
  pagos: readonly PagoEntrada[];
};

export type ResultadoNotaDebito =
  | { ok: true; comprobante: ComprobanteNotaDebito; calculo: NotaDebitoCalculada }
  | { ok: false; errores: ErrorFactura[]; calculo: NotaDebitoCalculada };

/** The invoice's number and date, and the note's date against it (never before the invoice). */
export function comprobarFactura(fechaNota: Date | string, documento: DocumentoModificado): ErrorFactura[] {
  const errores: ErrorFactura[] = [];
  if (!numeroDocumento(documento.numero)) errores.push({ campo: 'documentoModificado.numero', mensaje: M.numeroFactura });
  const factura = String(documento.fecha ?? '').trim();
  const nota = diaDe(fechaNota);
  if (!esDia(factura)) errores.push({ campo: 'documentoModificado.fecha', mensaje: M.fechaFactura });
  else if (esDia(nota) && nota < factura) errores.push({ campo: 'fecha', mensaje: M.anteriorAFactura(fechaCorta(factura)) });
  return errores;
}

/**
 * The debit note ready for the XML builder and the RIDE, with its access key; or every reason it cannot be issued,
 * each in Spanish, in the order the form shows them: the invoice, the reasons and payments, the shared fields, the
 * additional information.
 */
export function armarNotaDebito(datos: DatosNotaDebito): ResultadoNotaDebito {
  const calculo = calcularNotaDebito(datos.motivos, datos.pagos);
  const propios = comprobarFactura(datos.fecha, datos.documentoModificado);
  const comunes = armarComunes(datos, '05');
  if (!comunes.ok || propios.length > 0 || calculo.errores.length > 0) {
    const deComunes = comunes.ok ? [] : comunes.errores;
    const adicionales = deComunes.filter((e) => e.campo === 'camposAdicionales');
    const errores = [...propios, ...calculo.errores, ...deComunes.filter((e) => e.campo !== 'camposAdicionales'), ...adicionales];
    return { ok: false, errores, calculo };
  }

  const { infoTributaria, fechaEmision, emisor, comprador, infoAdicional } = comunes;
  const infoNotaDebito = sinAusentes<InfoNotaDebito>({
    fechaEmision,
    dirEstablecimiento: emisor.dirEstablecimiento,
    tipoIdentificacionComprador: comprador.tipoIdentificacion,
    razonSocialComprador: comprador.razonSocial,
    identificacionComprador: comprador.identificacion,
    contribuyenteEspecial: emisor.contribuyenteEspecial,
    obligadoContabilidad: emisor.obligadoContabilidad,
    codDocModificado: '01',
    numDocModificado: numeroDocumento(datos.documentoModificado.numero)!,
    fechaEmisionDocSustento: fechaEmisionEcuador(datos.documentoModificado.fecha)!,
    totalSinImpuestos: calculo.totalSinImpuestos,
    impuestos: calculo.impuestos,
    valorTotal: calculo.valorTotal,
    pagos: calculo.pagos,
  });
  const motivos = calculo.motivos.map((m) => ({ razon: m.razon, valor: m.valor }));
  const comprobante = sinAusentes<ComprobanteNotaDebito>({ version: '1.0.0', infoTributaria, infoNotaDebito, motivos, infoAdicional });
  return { ok: true, comprobante, calculo };
}
