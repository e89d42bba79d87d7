import { describe, expect, it } from 'vitest';
import CircleIcon from '@mui/icons-material/CircleOutlined';
import { areaResources, findResource, menuRouteIcon, RESOURCES } from '../../src/registry/resources';
import { es } from '../../src/i18n/es';
import { esAdministracion } from '../../src/i18n/esAdministracion';
import { adminFolders } from '../../src/registry/adminFolders';
import { companyFolders } from '../../src/registry/companyFolders';

describe('resource registry', () => {
  it('finds a resource by area and name, with its API path and id field', () => {
    expect(findResource('admin', 'asesores')).toMatchObject({ path: 'asesor', key: 'ASE_CODIGO' });
    expect(findResource('admin', 'configuraciones')).toMatchObject({ updatePath: 'configuraciones/actualizar' });
    expect(findResource('admin', 'productos')?.listQuery).toEqual({ all: '1' });
    expect(findResource('admin', 'planes')).toMatchObject({ path: 'empresas/planes', writePath: 'empresas/planes/catalogo' });
  });

  it('does not find a resource of another area, or an old name', () => {
    expect(findResource('empresa', 'soporte')).toBeUndefined();
    expect(findResource('admin', 'asesor')).toBeUndefined();
  });

  it("lists each area's resources only", () => {
    expect(areaResources('admin').map((r) => r.name)).toEqual([
      'soporte',
      'productos',
      'ingresos',
      'configuraciones',
      'asesores',
      'empresas',
      'planes',
      'planesEmpresa',
      'administradores',
      'auditoria',
      'bancos',
      'perfiles',
      'menus',
      'codigosRetencion',
    ]);
    expect(areaResources('empresa').map((r) => r.name)).toEqual([
      'clientes',
      'usuarios',
      'facturas',
      'notasCredito',
      'notasDebito',
      'recibidos',
      'catalogo',
      'proveedores',
      'retenciones',
      'liquidacionesCompra',
      'guiasRemision',
      'transportistas',
      'ofertas',
      'clavesApi',
      'webhooks',
    ]);
  });

  it("loads each area's screens with that area: every resource's folder, and no folder of the other area", () => {
    const folderNames = (folders: object) => Object.keys(folders).map((path) => path.split('/')[2]);
    const names = (area: 'admin' | 'empresa') => areaResources(area).map((r) => r.name);
    expect(folderNames(adminFolders).sort()).toEqual(names('admin').sort());
    expect(folderNames(companyFolders).sort()).toEqual(names('empresa').sort());
  });

  it("gives a menu route its resource's icon, a page's icon, or null for a route it does not know", () => {
    expect(menuRouteIcon('admin', 'soporte')).toBe(findResource('admin', 'soporte')!.icon);
    expect(menuRouteIcon('admin', '')).not.toBeNull();
    expect(menuRouteIcon('empresa', 'mi-empresa')).not.toBeNull();
    expect(menuRouteIcon('admin', 'mi-empresa')).toBeNull();
    expect(menuRouteIcon('admin', 'facturas')).toBeNull();
    expect(menuRouteIcon('admin', 'soporte')).not.toBe(CircleIcon);
  });

  it("has unique names per area, and a Spanish name for each resource in its area's catalogue", () => {
    const names = RESOURCES.map((r) => `${r.area}/${r.name}`);
    expect(new Set(names).size).toBe(names.length);
    // The company application has es.ts only; the administration adds esAdministracion.ts.
    const catalogues = { empresa: es.resources, admin: { ...(es.resources as object), ...esAdministracion.resources } };
    for (const { area, name } of RESOURCES) {
      const resources = catalogues[area] as Record<string, { name?: string }>;
      expect(resources[name]?.name, name).toMatch(/\|\|\|\|/);
    }
  });
});
