/** The liquidación de compra's pure domain, shared by the web form and the server. */
export * from './comprobante';
export * from './mensajes';
export * from './reglas';
export * from './armar';
