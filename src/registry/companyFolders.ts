import type { ResourceFolders } from './screens';

/**
 * The company application's resource folders (resources.ts, area 'empresa'), in its own chunk: the administration does
 * not download their loaders and preload lists. tests/unit/registry.test.ts checks the list against the registry.
 */
export const companyFolders: ResourceFolders = import.meta.glob(
  '../resources/{clientes,usuarios,facturas,notasCredito,notasDebito,recibidos,catalogo,proveedores,retenciones,liquidacionesCompra,guiasRemision,transportistas,ofertas,clavesApi,webhooks}/index.ts',
  { eager: true },
);
