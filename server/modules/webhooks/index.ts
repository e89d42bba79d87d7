/**
 * The module's public face: its routes for the registry (../index.ts), the worker app.ts starts, and what the core
 * calls in the transaction of a change (encolarEvento: the core imports webhooks, never the other way round).
 */
export { default } from './routes';
export { crearTrabajadorWebhooks } from './trabajador';
export { encolarEvento } from './eventos';
