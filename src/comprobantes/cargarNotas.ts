/**
 * The notes' views, one step removed: the folders' index.ts (in the company area's first chunk) import this tiny module,
 * so that chunk carries one short preload list; the views' own long list travels here. Opening a note costs one small
 * extra request; the area's first load stays within its budget (docs/performance.md).
 */
export const cargarNotas = () => import('./pantallasNotas');
