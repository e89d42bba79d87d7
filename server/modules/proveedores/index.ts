/** The module's public face: its routes for the registry (../index.ts) and what other modules use of it. */
export { default } from './routes';
export { asegurarProveedor, supplierSearch } from './repo';
export { olvidarProveedor, proveedorExistente, proveedorPorIdentificacion } from './receptor';
