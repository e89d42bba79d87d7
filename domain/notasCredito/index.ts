/** The credit note's pure domain, shared by the web form and the server: the document, its building and its rules. */
export * from './comprobante';
export * from './armar';
export * from './reglas';
export * from './mensajes';
