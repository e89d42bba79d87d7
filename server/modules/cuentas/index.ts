/** The module's public face: its routes for the registry (../index.ts) and what other modules use of it. */
export { default } from './routes';
export { aplicarRetencionRecibida } from './retenciones';
/** The account reports' building blocks: the supplier's account (proveedoresCuenta) prints with the same ones. */
export {
  aNumero,
  DINERO,
  diaExcel,
  encabezado,
  FECHA,
  generado,
  libro,
  nombreArchivo,
  Pdf,
  REPORT_TYPES,
  type Columna,
  type Empresa,
} from './reportes';
