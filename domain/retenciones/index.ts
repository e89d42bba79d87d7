/** The comprobante de retención's pure domain, shared by the web form and the server: the document, its amounts and its building. */
export * from './catalogos';
export * from './comprobante';
export * from './calculo';
export * from './armar';
export * from './mensajes';
