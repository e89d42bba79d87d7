/** The invoice's pure domain, shared by the web form and the server: catalogues, amounts, access key, the document. */
export * from './comprobante';
export * from './catalogos';
export * from './decimal';
export * from './calculo';
export * from './clave-acceso';
export * from './armar';
export * from './mensajes';
export * from './sri-mensajes';
export * from './estados';
export * from './vencimiento';
