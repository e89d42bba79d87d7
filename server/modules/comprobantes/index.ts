/**
 * The document core's public face: what every SRI document type (facturas, notasCredito, notasDebito...) stands on:
 * the schema check, the XAdES-BES signature, the SRI's queue and worker, the RIDE's frame, the authorized XML and the
 * email to the recipient. It has no routes of its own; each type's module mounts its routes on top of it.
 */
export {
  A4,
  ANCHO,
  FUENTE,
  INICIO_CONTINUACION,
  LIMITE,
  MARGEN,
  NEGRITA,
  TEXTO,
  caja,
  escribir,
  etiquetaValor,
  fondo,
  numerarPaginas,
  type Lienzo,
} from './ride-pagina';
export { logoEmpresa, rideDe, xmlAutorizado } from './documentos';
// A printed document that is not an SRI one (a quote) is drawn with the RIDE's own pieces: logo, lines' table, foot, page numbers.
export { dibujarLogo } from './ride-encabezado';
export { dibujarDetalles } from './ride-detalles';
export { dibujarPie } from './ride-pie';
export { direcciones, entregarComprobante, type DependenciasEntrega, type ResultadoEntrega } from './sri/entrega';
export { prepararValidador, validarComprobante } from './esquema';
export { firmarXml } from './xades';
export { FirmaInvalida, verificarFirmaXml } from './firma-verificacion';
export { certificadoEmpresa, ComprobanteRechazado, emitirComprobante, type TiemposEmision } from './emitir';
export { anularComprobante } from './anulacion';
export { consultarDeNuevo } from './sri/consulta';
export { crearClienteSri, type ClienteSri } from './sri/cliente';
export { crearTrabajadorSri } from './sri/trabajador';
export { crearDibujanteRide, type DibujanteRide } from './ride-hilos';
export type { CuerpoRide, TablaRide, TipoComprobante } from './tipo';
export { decimalCorto, filasTotales, impuestosRide, nombreFormaPagoRide, plazoPago } from './ride-formato';
export {
  campos,
  detalles,
  detallesAdicionales,
  impuestos,
  infoAdicional,
  inicioComprobante,
  lista,
  pagos,
  totalConImpuestos,
  type Campo,
} from './xml-util';
export {
  cabeceraNota,
  COLUMNAS_DETALLE,
  lineaRespuesta,
  lineasNota,
  lockNota,
  NOTA_CREDITO,
  NOTA_DEBITO,
  NOTAS_QUE_CUENTAN,
  puntoDeEmpresa,
  type AlcanceNotas,
  type LineaNota,
} from './notas-repo';
export {
  delVendedor,
  delVendedorFiltro,
  deleteBorrador,
  documentoEmitido,
  fijo,
  filtroEntero,
  filtroFecha,
  insertBorrador,
  iso,
  isoONull,
  marcarEntrega,
  pagosDe,
  replaceBorrador,
  SCOPE_EMPRESA,
  SCOPE_VENDEDOR,
  SORTS_DOCUMENTOS,
  visible,
  type AlcanceDocumentos,
  type ValoresBorrador,
  type ValoresLinea,
  type ValoresPago,
} from './filas';
export {
  compararTotalesNota,
  facturaDeNota,
  facturaParaNota,
  fechaNota,
  lineasConRestante,
  restanteDe,
  saldoParaNota,
} from './notas-factura';
export { eliminarNota, rutasNotas } from './notas-routes';
export { conErrores, rutasEmitido } from './emitido-routes';
export { documentoModificado, emisorRide, puntos, tablaLineas } from './ride-lineas';
export { columnasDocumento, ESTADOS_LEGIBLES } from './notas-exportacion';
export { busquedaDocumento, listaDocumentos } from './lista-documentos';
export { rutasLista } from './lista-routes';
export { camposEmitido, COLUMNAS_EMITIDO } from './detalle-emitido';
export { bloquearPara, cambiosBorrador, exigirEstado } from './bloqueo';
export { borradorConReceptor, pagosDirectos, puntoDeSerie, rutaEmisionDirecta, type ModuloEmisionDirecta } from './emision-directa';
