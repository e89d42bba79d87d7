/**
 * The quotes' views in one lazy module: the folder's index.ts loads them from here, so the company area's first chunk
 * carries one preload list for the four (its budget is tight: docs/performance.md).
 */
export { OfertaList } from './OfertaList';
export { OfertaCreate, OfertaEdit } from './OfertaForm';
export { OfertaShow } from './OfertaShow';
