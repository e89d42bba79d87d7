import type { ModuleRoutes } from '../core/context';
import sesion from './sesion/routes';
import registro from './registro/routes';
import menus from './menus/routes';
import configuraciones from './configuraciones/routes';
import empresas from './empresas/routes';
import firmas from './firmas/routes';
import ingresos from './ingresos/routes';
import soporte from './soporte/routes';
import productos from './productos/routes';
import asesores from './asesores/routes';
import salud from './salud/routes';
import usuarios from './usuarios/routes';
import pagos from './pagos/routes';
import bancos from './bancos/routes';
import perfiles from './perfiles/routes';
import administradores from './administradores/routes';
import auditoria from './auditoria/routes';
import planes from './planes/routes';

const API = '/api/EmpresasAmelia';

/** Every module of the API: the prefix its routes are mounted under, and its routes plugin. */
export const modules: Array<{ prefix: string; routes: ModuleRoutes }> = [
  { prefix: API, routes: sesion },
  { prefix: `${API}/registro`, routes: registro },
  { prefix: API, routes: menus },
  { prefix: `${API}/configuraciones`, routes: configuraciones },
  { prefix: API, routes: empresas },
  { prefix: API, routes: firmas },
  { prefix: `${API}/ingresos`, routes: ingresos },
  { prefix: `${API}/soporte`, routes: soporte },
  { prefix: `${API}/productos`, routes: productos },
  { prefix: `${API}/asesor`, routes: asesores },
  { prefix: `${API}/empresas`, routes: usuarios },
  { prefix: `${API}/empresas`, routes: pagos },
  { prefix: `${API}/empresas`, routes: bancos },
  { prefix: `${API}/empresas`, routes: perfiles },
  { prefix: `${API}/administradores`, routes: administradores },
  { prefix: `${API}/auditoria`, routes: auditoria },
  { prefix: API, routes: planes },
  { prefix: '/api', routes: salud },
];
