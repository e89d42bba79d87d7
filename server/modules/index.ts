import type { ModuleRoutes } from '../core/context';
import sesion from './sesion/routes';
import registro from './registro/routes';
import menus from './menus/routes';
import configuraciones from './configuraciones/routes';
import empresas from './empresas/routes';
import ingresos from './ingresos/routes';
import soporte from './soporte/routes';
import productos from './productos/routes';
import asesores from './asesores/routes';
import salud from './salud/routes';

const API = '/api/EmpresasAmelia';

/** Every module of the API: the prefix its routes are mounted under, and its routes plugin. */
export const modules: Array<{ prefix: string; routes: ModuleRoutes }> = [
  { prefix: API, routes: sesion },
  { prefix: `${API}/registro`, routes: registro },
  { prefix: API, routes: menus },
  { prefix: `${API}/configuraciones`, routes: configuraciones },
  { prefix: API, routes: empresas },
  { prefix: `${API}/ingresos`, routes: ingresos },
  { prefix: `${API}/soporte`, routes: soporte },
  { prefix: `${API}/productos`, routes: productos },
  { prefix: `${API}/asesor`, routes: asesores },
  { prefix: '/api', routes: salud },
];
