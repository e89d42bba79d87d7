import type { MenuRolAsignado } from '../../../domain/contratos/menus';
import { PERFIL } from '../../../domain/perfiles';

/**
 * PERMISOS_DE_ACCESO of domain/contratos/menus.ts (a value import from there would bring TypeBox into the
 * screen's chunk); tests/unit/perfiles-menus.test.ts checks they agree.
 */
export const PERMISOS_DE_ACCESO = ['perfiles', 'menus'] as const;
/** PERMISOS_SOLO_ADMINISTRADOR of the same file: the entries that grant access, only for the administrator profile. */
export const PERMISOS_SOLO_ADMINISTRADOR = ['perfiles', 'menus', 'administradores'] as const;

/** The checklist's groups, by the entry's order in the catalogue (MEN_ORDEN): the same ranges the menu form names. */
export const GRUPOS = [
  { clave: 'operacion', desde: 0 },
  { clave: 'catalogos', desde: 30 },
  { clave: 'administracion', desde: 70 },
] as const;
export type Grupo = { clave: (typeof GRUPOS)[number]['clave']; menus: MenuRolAsignado[] };

/** The entries in their groups, in catalogue order; empty groups are left out. */
export function agrupar(menus: readonly MenuRolAsignado[]): Grupo[] {
  const grupoDe = (m: MenuRolAsignado) => [...GRUPOS].reverse().find((g) => m.MEN_ORDEN >= g.desde)!.clave;
  return GRUPOS.map((g) => ({ clave: g.clave, menus: menus.filter((m) => grupoDe(m) === g.clave) })).filter((g) => g.menus.length);
}

/**
 * Entries the profile cannot lose: for the administrator profile, those that manage profiles and menus (the server
 * refuses removing them, so nobody locks the provider out).
 */
export const bloqueado = (perfil: number, menu: MenuRolAsignado) =>
  perfil === PERFIL.administrador && menu.asignado && menu.MEN_ACTIVO && PERMISOS_DE_ACCESO.some((p) => p === menu.MEN_PERMISO);

/** Entries another profile cannot be given: those that grant access (it may still lose one it has). */
export const reservado = (perfil: number, menu: MenuRolAsignado) =>
  perfil !== PERFIL.administrador && !menu.asignado && PERMISOS_SOLO_ADMINISTRADOR.some((p) => p === menu.MEN_PERMISO);

/** The new selection after ticking (or unticking) a whole group: locked entries stay as they are. */
export function marcarGrupo(seleccion: readonly number[], grupo: readonly MenuRolAsignado[], marcar: boolean, fijos: readonly number[]) {
  const ids = grupo.map((m) => m.MEN_CODIGO).filter((id) => !fijos.includes(id));
  const resto = seleccion.filter((id) => !ids.includes(id));
  return marcar ? [...resto, ...ids] : resto;
}
