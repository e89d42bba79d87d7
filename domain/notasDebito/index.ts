/** The debit note's pure domain, shared by the web form and the server: the document, its amounts and its building. */
export * from './comprobante';
export * from './calculo';
export * from './armar';
export * from './mensajes';
