/** The guía de remisión's pure domain, shared by the web form and the server: the document and its building. */
export * from './comprobante';
export * from './mensajes';
export * from './armar';
