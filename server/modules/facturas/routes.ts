import type { ModuleRoutes } from '../../core/context';

/** Filled by the facturas work in progress. */
const facturasRoutes: ModuleRoutes = () => {};

export default facturasRoutes;
