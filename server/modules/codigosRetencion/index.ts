/** The module's public face: its routes for the registry (../index.ts): the back office's and the companies' read. */
export { codigosRetencionAdmin as default, codigosRetencionEmpresa } from './routes';
