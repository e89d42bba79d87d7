import type { ModuleRoutes } from '../../core/context';

/** Filled by the catalogo work in progress. */
const catalogoRoutes: ModuleRoutes = () => {};

export default catalogoRoutes;
