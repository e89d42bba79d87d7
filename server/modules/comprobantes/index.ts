/**
 * The document core's public face: what every SRI document type (facturas, notasCredito, notasDebito...) stands on:
 * the schema check, the XAdES-BES signature, the SRI's queue and worker, the RIDE's frame, the authorized XML and the
 * email to the recipient. It has no routes of its own; each type's module mounts its routes on top of it.
 */
export { A4, FUENTE, MARGEN, NEGRITA, TEXTO, fondo } from './ride-pagina';
export { rideDe, xmlAutorizado } from './documentos';
export { direcciones, entregarFactura, type ResultadoEntrega } from './sri/entrega';
export { encolar } from './sri/cola';
export { prepararValidador, validarFactura } from './esquema';
export { firmarXml } from './xades';
export { crearClienteSri, type ClienteSri } from './sri/cliente';
export { crearTrabajadorSri } from './sri/trabajador';
export { crearDibujanteRide, type DibujanteRide } from './ride-hilos';
