import type { ModuleRoutes } from '../../core/context';

/** The perfiles module's routes (issue 11). */
const perfilesRoutes: ModuleRoutes = () => {};

export default perfilesRoutes;
