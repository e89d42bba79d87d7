/** The guías de remisión's views in one lazy module (src/comprobantes/cargarPantallas.ts), loaded when one is opened. */
export { GuiaList } from './GuiaList';
export { GuiaCreate, GuiaEdit } from './GuiaForm';
export { GuiaShow } from './GuiaShow';
