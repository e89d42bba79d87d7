/** The invoice's pure domain, shared by the web form and the server: catalogues, amounts, access key, the document. */
export * from './comprobante';
export * from './catalogos';
export * from '../comprobantes/decimal';
export * from './calculo';
export * from '../comprobantes/clave-acceso';
export * from './armar';
export * from './mensajes';
export * from '../comprobantes/sri-mensajes';
export * from '../comprobantes/estados';
export * from './vencimiento';
