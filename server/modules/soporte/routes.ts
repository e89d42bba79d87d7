import type { ModuleRoutes } from '../../core/context';
import publicSupportRoutes from './public-routes';
import supportDeskRoutes from './desk-routes';

/** The support area: the public ticket form and the administrators' help desk. */
const soporteRoutes: ModuleRoutes = async (app, ctx) => {
  await publicSupportRoutes(app, ctx);
  await supportDeskRoutes(app, ctx);
};

export default soporteRoutes;
