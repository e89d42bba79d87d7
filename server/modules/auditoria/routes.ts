import type { ModuleRoutes } from '../../core/context';

/** The auditoria module's routes (issue 11). */
const auditoriaRoutes: ModuleRoutes = () => {};

export default auditoriaRoutes;
