/** The module's public face: its routes for the registry (../index.ts) and its type for the registry of types. */
export { default } from './routes';
export { tipoGuia } from './tipo';
