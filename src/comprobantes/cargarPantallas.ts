/**
 * The documents' views, one step removed: the folders' index.ts (in the areas' first chunk) import this tiny module,
 * so that chunk carries one short preload list; the views' own long lists travel here. Opening a document costs one
 * small extra request; the area's first load stays within its budget (docs/performance.md).
 */
export const cargarNotas = () => import('./pantallasNotas');
export const cargarCompras = () => import('../resources/retenciones/pantallasCompras');
export const cargarOfertas = () => import('../resources/ofertas/pantallasOfertas');
export const cargarGuias = () => import('../resources/guiasRemision/pantallas');
