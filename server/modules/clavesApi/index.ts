/** The module's public face: its routes for the registry (../index.ts). */
export { default } from './routes';
