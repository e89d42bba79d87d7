/** What every SRI document type shares, for the screens and the server: codes, access key, amounts, states, building. */
export * from './comprobante';
export * from './clave-acceso';
export * from './decimal';
export * from './estados';
export * from './sri-mensajes';
export * from './datos-comunes';
export * from './mensajes';
