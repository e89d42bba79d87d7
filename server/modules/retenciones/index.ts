/** The module's public face: its routes for the registry (../index.ts) and its document type (../tipos.ts). */
export { default } from './routes';
export { tipoRetencion } from './tipo';
export * from '../../../domain/contratos/retenciones';
