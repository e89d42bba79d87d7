import type { ModuleRoutes } from '../../core/context';

/** The administradores module's routes (issue 11). */
const administradoresRoutes: ModuleRoutes = () => {};

export default administradoresRoutes;
