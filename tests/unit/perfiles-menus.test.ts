import { describe, expect, it } from 'vitest';
import {
  agrupar,
  bloqueado,
  marcarGrupo,
  PERMISOS_DE_ACCESO,
  PERMISOS_SOLO_ADMINISTRADOR,
  reservado,
} from '../../src/resources/perfiles/grupos';
import {
  PERMISOS_DE_ACCESO as EN_EL_SERVIDOR,
  PERMISOS_SOLO_ADMINISTRADOR as RESERVADOS_EN_EL_SERVIDOR,
} from '../../server/modules/menus/contract';
import type { MenuRolAsignado } from '../../server/modules/menus/contract';

const menu = (MEN_CODIGO: number, MEN_ORDEN: number, MEN_PERMISO: string, asignado = true, MEN_ACTIVO = true): MenuRolAsignado => ({
  MEN_CODIGO,
  MEN_NOMBRE: `M${MEN_CODIGO}`,
  MEN_RUTA: MEN_PERMISO,
  MEN_ICONO: 'circle',
  MEN_ORDEN,
  MEN_PERMISO,
  MEN_ACTIVO,
  asignado,
});
const catalogo = [menu(1, 1, ''), menu(6, 5, 'empresas'), menu(9, 30, 'asesores', false), menu(11, 70, 'perfiles'), menu(12, 71, 'menus')];

describe('checklist de menús de un perfil', () => {
  it('usa los mismos permisos de acceso que el servidor', () => {
    expect([...PERMISOS_DE_ACCESO]).toEqual([...EN_EL_SERVIDOR]);
    expect([...PERMISOS_SOLO_ADMINISTRADOR]).toEqual([...RESERVADOS_EN_EL_SERVIDOR]);
  });

  it('a otro perfil no se le pueden dar Perfiles, Menús ni Administradores, pero sí quitárselos', () => {
    expect(reservado(4, menu(13, 72, 'administradores', false))).toBe(true);
    expect(reservado(4, menu(13, 72, 'administradores', true))).toBe(false);
    expect(reservado(1, menu(13, 72, 'administradores', false))).toBe(false);
    expect(reservado(4, menu(9, 30, 'asesores', false))).toBe(false);
  });

  it('agrupa por el orden del catálogo y omite grupos vacíos', () => {
    expect(agrupar(catalogo).map((g) => [g.clave, g.menus.map((m) => m.MEN_CODIGO)])).toEqual([
      ['operacion', [1, 6]],
      ['catalogos', [9]],
      ['administracion', [11, 12]],
    ]);
    expect(agrupar([menu(1, 1, '')]).map((g) => g.clave)).toEqual(['operacion']);
  });

  it('bloquea Perfiles y Menús solo para el perfil Administrador', () => {
    expect(catalogo.filter((m) => bloqueado(1, m)).map((m) => m.MEN_CODIGO)).toEqual([11, 12]);
    expect(catalogo.filter((m) => bloqueado(4, m))).toEqual([]);
  });

  it('marcar o quitar un grupo respeta los bloqueados', () => {
    const administracion = agrupar(catalogo)[2].menus;
    expect(marcarGrupo([1, 11, 12], administracion, false, [11, 12])).toEqual([1, 11, 12]);
    expect(marcarGrupo([1, 11], administracion, false, [])).toEqual([1]);
    expect(marcarGrupo([1], administracion, true, []).sort()).toEqual([1, 11, 12]);
  });
});
