import type { ModuleRoutes } from '../../core/context';

/** Filled by issue 12. */
const routes: ModuleRoutes = () => {};

export default routes;
