/**
 * The document core's public face: what every SRI document type (facturas, notasCredito, notasDebito...) stands on:
 * the schema check, the XAdES-BES signature, the SRI's queue and worker, the RIDE's frame, the authorized XML and the
 * email to the recipient. It has no routes of its own; each type's module mounts its routes on top of it.
 */
export { A4, FUENTE, MARGEN, NEGRITA, TEXTO, fondo } from './ride-pagina';
export { rideDe, xmlAutorizado } from './documentos';
export { direcciones, entregarComprobante, type DependenciasEntrega, type ResultadoEntrega } from './sri/entrega';
export { prepararValidador, validarComprobante } from './esquema';
export { firmarXml } from './xades';
export { certificadoEmpresa, ComprobanteRechazado, emitirComprobante, type TiemposEmision } from './emitir';
export { anularComprobante } from './anulacion';
export { consultarDeNuevo } from './sri/consulta';
export { crearClienteSri, type ClienteSri } from './sri/cliente';
export { crearTrabajadorSri } from './sri/trabajador';
export { crearDibujanteRide, type DibujanteRide } from './ride-hilos';
export type { CuerpoRide, TablaRide, TipoComprobante } from './tipo';
export { decimalCorto, filasTotales, impuestosRide, nombreFormaPagoRide, plazoPago } from './ride-formato';
export { campos, detallesAdicionales, infoAdicional, inicioComprobante, lista, type Campo } from './xml-util';
export {
  cabeceraNota,
  fijo,
  insertNota,
  lineaRespuesta,
  lineasNota,
  lockNota,
  NOTA_CREDITO,
  NOTA_DEBITO,
  NOTAS_QUE_CUENTAN,
  pagosNota,
  puntoDeEmpresa,
  replaceNota,
  documentoNota,
  acreditado,
  type AlcanceNotas,
  type ValoresLineaNota,
  type ValoresNota,
  type ValoresPagoNota,
} from './notas-repo';
export { compararTotalesNota, facturaParaNota, fechaNota, lineasConRestante, restanteDe } from './notas-factura';
export { conErrores, rutasNotas } from './notas-routes';
