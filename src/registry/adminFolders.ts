import type { ResourceFolders } from './screens';

/**
 * The administration's resource folders (resources.ts, area 'admin'), in its own chunk: the company application does
 * not download their loaders and preload lists. tests/unit/registry.test.ts checks the list against the registry.
 */
export const adminFolders: ResourceFolders = import.meta.glob(
  '../resources/{soporte,productos,ingresos,configuraciones,asesores,empresas,planes,planesEmpresa,administradores,auditoria,bancos,perfiles,menus,codigosRetencion}/index.ts',
  { eager: true },
);
