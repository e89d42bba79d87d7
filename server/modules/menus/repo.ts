import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { administradores, menus, menusEmpresa, menusRoles, perfiles } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import { editAction, recordAudit, recordDeactivation } from '../../core/audit';
import { changedFields } from '../../core/company-history';
import { contains, paged, readPage, type ListQuery, type ListSpec, type PageSelect } from '../../core/list';
import { recordHistory } from '../../core/company-history';
import type { Actor, AdminActor } from '../../core/actor';
import { EMPRESA_MSG } from '../../../domain/contratos/empresas';
import { PERFIL } from '../../../domain/perfiles';
import { rolAbreSeccion } from '../../../domain/roles';
import type { RolEmpresa } from '../../../domain/clientes';
import {
  MENU_AREAS,
  MENU_MSG,
  PERMISOS_DE_ACCESO,
  PERMISOS_SOLO_ADMINISTRADOR,
  type MenuAsignado,
  type MenuDatos,
  type MenuEntrada,
  type MenuItem,
  type MenuRolAsignado,
} from './contract';

const menuColumns = {
  MEN_CODIGO: menus.MEN_CODIGO,
  MEN_NOMBRE: menus.MEN_NOMBRE,
  MEN_RUTA: menus.MEN_RUTA,
  MEN_ICONO: menus.MEN_ICONO,
  MEN_ORDEN: menus.MEN_ORDEN,
};
const menuOrder = [asc(menus.MEN_ORDEN), asc(menus.MEN_CODIGO)];

/** The entries a company's application shows to a user of this role: its active ones whose section the role opens. */
export async function companyMenu(db: Db, empresa: number, rol: RolEmpresa): Promise<MenuItem[]> {
  const rows = await db
    .select({ ...menuColumns, MEN_PERMISO: menus.MEN_PERMISO })
    .from(menusEmpresa)
    .innerJoin(menus, eq(menus.MEN_CODIGO, menusEmpresa.MEN_CODIGO))
    .where(and(eq(menusEmpresa.EMP_CODIGO, empresa), eq(menus.MEN_ACTIVO, true)))
    .orderBy(...menuOrder);
  return rows.filter((row) => rolAbreSeccion(rol, row.MEN_PERMISO)).map(({ MEN_PERMISO: _permiso, ...item }) => item);
}

/** The administration area's active entries for an administrator's current profile; none when the profile is inactive. */
export function adminMenu(db: Db, admin: number): Promise<MenuItem[]> {
  return db
    .select(menuColumns)
    .from(administradores)
    .innerJoin(perfiles, and(eq(perfiles.PRF_CODIGO, administradores.PRF_CODIGO), eq(perfiles.PRF_ACTIVO, true)))
    .innerJoin(menusRoles, eq(menusRoles.PRF_CODIGO, administradores.PRF_CODIGO))
    .innerJoin(menus, eq(menus.MEN_CODIGO, menusRoles.MEN_CODIGO))
    .where(and(eq(administradores.ADM_CODIGO, admin), eq(menus.MEN_AREA, 'admin'), eq(menus.MEN_ACTIVO, true)))
    .orderBy(...menuOrder);
}

/** Every active menu of the company application, marked with whether this company has it. */
export function companyMenuChoices(db: Executor, empresa: number): Promise<MenuAsignado[]> {
  return db
    .select({ ...menuColumns, asignado: sql<boolean>`${menusEmpresa.EMP_CODIGO} is not null` })
    .from(menus)
    .leftJoin(menusEmpresa, and(eq(menusEmpresa.MEN_CODIGO, menus.MEN_CODIGO), eq(menusEmpresa.EMP_CODIGO, empresa)))
    .where(and(eq(menus.MEN_AREA, 'empresa'), eq(menus.MEN_ACTIVO, true)))
    .orderBy(...menuOrder);
}

/** The company area's inactive entries: a save leaves them as they are (the checklist does not show them). */
const inactiveCompanyEntries = async (tx: Executor) =>
  (
    await tx
      .select({ MEN_CODIGO: menus.MEN_CODIGO })
      .from(menus)
      .where(and(eq(menus.MEN_AREA, 'empresa'), eq(menus.MEN_ACTIVO, false)))
  ).map((m) => m.MEN_CODIGO);

/**
 * What a new selection of entries changes among the choices: the entries assigned before and after, and the codes
 * taken away and added. A code that is not among the choices is a 400 with its message.
 */
function selection<C extends { MEN_CODIGO: number; asignado: boolean }>(choices: C[], wanted: number[], invalid: (id: number) => string) {
  const unknown = wanted.find((id) => !choices.some((m) => m.MEN_CODIGO === id));
  if (unknown !== undefined) throw new HttpError(400, invalid(unknown));
  const before = choices.filter((m) => m.asignado);
  const after = choices.filter((m) => wanted.includes(m.MEN_CODIGO));
  return {
    before,
    after,
    removed: before.filter((m) => !wanted.includes(m.MEN_CODIGO)).map((m) => m.MEN_CODIGO),
    added: after.filter((m) => !m.asignado).map((m) => m.MEN_CODIGO),
  };
}

/**
 * Replaces a company's menus with this list (active menus of the company area; an inactive one is left as it is, other
 * codes are a 400) and records the change in its history. Run it in the transaction of the whole save; returns whether
 * anything changed.
 */
export async function replaceCompanyMenus(tx: Executor, actor: Actor, empresa: number, requested: number[]): Promise<boolean> {
  const choices = await companyMenuChoices(tx, empresa);
  const inactive = await inactiveCompanyEntries(tx);
  const wanted = requested.filter((id) => !inactive.includes(id));
  const { before, after, removed, added } = selection(choices, wanted, EMPRESA_MSG.menuInvalid);
  if (!removed.length && !added.length) return false;
  if (removed.length)
    await tx.delete(menusEmpresa).where(and(eq(menusEmpresa.EMP_CODIGO, empresa), inArray(menusEmpresa.MEN_CODIGO, removed)));
  if (added.length) await tx.insert(menusEmpresa).values(added.map((MEN_CODIGO) => ({ EMP_CODIGO: empresa, MEN_CODIGO })));
  const names = (list: MenuAsignado[]) => list.map((m) => m.MEN_NOMBRE);
  await recordHistory(tx, actor, {
    empresa,
    accion: 'menus',
    descripcion: 'Menús de la empresa cambiados',
    antes: { menus: names(before) },
    despues: { menus: names(after) },
  });
  return true;
}

// ---------------------------------------------------------------------------------------------------------------------
// The catalogue (GET/POST/PUT/DELETE /menus)

const catalogueColumns = {
  ...menuColumns,
  MEN_AREA: menus.MEN_AREA,
  MEN_PERMISO: menus.MEN_PERMISO,
  MEN_ACTIVO: menus.MEN_ACTIVO,
  // The outer entry qualified: inside the subquery a bare men_codigo would be menus_roles' own.
  perfiles: sql<number>`(SELECT count(*)::int FROM ${menusRoles} WHERE ${menusRoles.MEN_CODIGO} = ${sql.identifier('menus')}.${sql.identifier('men_codigo')})`,
};

const catalogueList: ListSpec<'MEN_CODIGO' | 'MEN_NOMBRE' | 'MEN_RUTA' | 'MEN_ORDEN' | 'MEN_AREA' | 'MEN_PERMISO' | 'id'> = {
  resource: 'menus',
  table: menus,
  sort: {
    MEN_CODIGO: [menus.MEN_CODIGO],
    MEN_NOMBRE: [menus.MEN_NOMBRE, menus.MEN_CODIGO],
    MEN_RUTA: [menus.MEN_RUTA, menus.MEN_CODIGO],
    MEN_PERMISO: [menus.MEN_PERMISO, menus.MEN_CODIGO],
    MEN_ORDEN: [menus.MEN_ORDEN, menus.MEN_CODIGO],
    MEN_AREA: [menus.MEN_AREA, menus.MEN_ORDEN, menus.MEN_CODIGO],
    id: [menus.MEN_CODIGO],
  },
  defaultSort: ['MEN_AREA', 'ASC'],
  filters: {
    q: {
      type: 'search',
      where: (text, bind) =>
        or(contains(menus.MEN_NOMBRE, text, bind), contains(menus.MEN_RUTA, text, bind), contains(menus.MEN_PERMISO, text, bind)),
    },
    MEN_AREA: { type: 'enum', column: menus.MEN_AREA, values: MENU_AREAS },
    MEN_ACTIVO: { type: 'boolean', column: menus.MEN_ACTIVO },
    id: { type: 'ids', column: menus.MEN_CODIGO },
  },
  defaultRange: 'all',
};

const cataloguePage: PageSelect<MenuEntrada> = (db, request) =>
  paged(db.select(catalogueColumns).from(menus).$dynamic(), request) as unknown as ReturnType<PageSelect<MenuEntrada>>;

/** The menu catalogue of both areas, a page at a time. */
export const listMenus = (db: Db, query: ListQuery) => readPage(db, catalogueList, query, cataloguePage, (row) => row);

export async function findMenu(db: Executor, id: number): Promise<MenuEntrada | undefined> {
  const [row] = await db.select(catalogueColumns).from(menus).where(eq(menus.MEN_CODIGO, id));
  return row as MenuEntrada | undefined;
}

/** The stored values of an entry (what the catalogue writes and the audit compares). */
type MenuValores = Omit<MenuEntrada, 'perfiles' | 'MEN_CODIGO'>;
const stored = (row: MenuEntrada): MenuValores => ({
  MEN_AREA: row.MEN_AREA,
  MEN_NOMBRE: row.MEN_NOMBRE,
  MEN_RUTA: row.MEN_RUTA,
  MEN_ICONO: row.MEN_ICONO,
  MEN_ORDEN: row.MEN_ORDEN,
  MEN_PERMISO: row.MEN_PERMISO,
  MEN_ACTIVO: row.MEN_ACTIVO,
});

/**
 * Serializes the catalogue's writes (reads go on): two saves cannot both take one route of an area, nor both take
 * away the administrator profile's last entry that manages access.
 */
const lockCatalogue = (tx: Executor) => tx.execute(sql`LOCK TABLE ${menus} IN SHARE ROW EXCLUSIVE MODE`);

/** 409 when another entry of the area has this route (any case). */
async function checkRouteFree(tx: Executor, area: string, ruta: string, except?: number) {
  const [taken] = await tx
    .select({ id: menus.MEN_CODIGO })
    .from(menus)
    .where(
      and(
        eq(menus.MEN_AREA, area),
        eq(sql`lower(${menus.MEN_RUTA})`, ruta.toLowerCase()),
        except ? ne(menus.MEN_CODIGO, except) : undefined,
      ),
    );
  if (taken) throw new HttpError(409, MENU_MSG.routeTaken(area, ruta));
}

/**
 * The access permissions (perfiles, menus) the administrator profile would no longer hold through an active entry of
 * its area. Run after a change, in its transaction: a non-empty answer must roll it back.
 */
async function accessLost(tx: Executor): Promise<string[]> {
  const held = await tx
    .select({ permiso: menus.MEN_PERMISO })
    .from(menusRoles)
    .innerJoin(menus, eq(menus.MEN_CODIGO, menusRoles.MEN_CODIGO))
    .where(and(eq(menusRoles.PRF_CODIGO, PERFIL.administrador), eq(menus.MEN_AREA, 'admin'), eq(menus.MEN_ACTIVO, true)));
  return PERMISOS_DE_ACCESO.filter((p) => !held.some((h) => h.permiso === p));
}

const normalized = (body: MenuDatos, current?: MenuValores): MenuValores => ({
  MEN_AREA: body.MEN_AREA,
  MEN_NOMBRE: body.MEN_NOMBRE.trim(),
  MEN_RUTA: body.MEN_RUTA,
  MEN_ICONO: body.MEN_ICONO ?? current?.MEN_ICONO ?? 'circle',
  MEN_ORDEN: body.MEN_ORDEN ?? current?.MEN_ORDEN ?? 0,
  MEN_PERMISO: body.MEN_PERMISO ?? current?.MEN_PERMISO ?? '',
  MEN_ACTIVO: body.MEN_ACTIVO ?? current?.MEN_ACTIVO ?? true,
});

/** Creates a catalogue entry (granted to nobody yet) and records it in the audit log. */
export async function createMenu(db: Db, actor: AdminActor, body: MenuDatos): Promise<MenuEntrada> {
  const values = normalized(body);
  if (values.MEN_RUTA === '' && !values.MEN_ACTIVO) throw new HttpError(409, MENU_MSG.homeDeactivate);
  const id = await db.transaction(async (tx) => {
    await lockCatalogue(tx);
    await checkRouteFree(tx, values.MEN_AREA, values.MEN_RUTA);
    const [created] = await tx.insert(menus).values(values).returning({ id: menus.MEN_CODIGO });
    await recordAudit(tx, actor, { recurso: 'menus', registro: created.id, accion: 'creacion', despues: values });
    return created.id;
  });
  return (await findMenu(db, id))!;
}

/** Changes an entry (not its area; a home keeps its route and stays active) and records what changed. */
export async function updateMenu(db: Db, actor: AdminActor, id: number, body: MenuDatos): Promise<MenuEntrada> {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const row = found(await findMenu(tx, id), MENU_MSG.notFound);
    const before = stored(row);
    const after = normalized(body, before);
    if (after.MEN_AREA !== before.MEN_AREA) throw new HttpError(409, MENU_MSG.areaChange);
    if (before.MEN_RUTA === '' && after.MEN_RUTA !== '') throw new HttpError(409, MENU_MSG.homeRoute);
    if (after.MEN_RUTA === '' && !after.MEN_ACTIVO) throw new HttpError(409, MENU_MSG.homeDeactivate);
    if (after.MEN_RUTA.toLowerCase() !== before.MEN_RUTA.toLowerCase()) await checkRouteFree(tx, after.MEN_AREA, after.MEN_RUTA, id);
    const diff = changedFields<Record<string, unknown>>(before, after);
    if (!diff.changed.length) return;
    await tx.update(menus).set(after).where(eq(menus.MEN_CODIGO, id));
    const lost = (await accessLost(tx)).find((p) => p === before.MEN_PERMISO);
    if (lost) throw new HttpError(409, MENU_MSG.accessEntry(lost));
    const accion = editAction(diff.changed, after, 'MEN_ACTIVO');
    await recordAudit(tx, actor, { recurso: 'menus', registro: id, accion, antes: diff.antes, despues: diff.despues });
  });
  return (await findMenu(db, id))!;
}

/**
 * Deletes an entry no profile or company has; one that is granted is deactivated instead (hidden everywhere, its
 * grants kept). A home, or the administrator profile's last entry that manages access, stays (409).
 */
export async function deleteMenu(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const row = found(await findMenu(tx, id), MENU_MSG.notFound);
    if (row.MEN_RUTA === '') throw new HttpError(409, MENU_MSG.homeDeactivate);
    const [company] = await tx.select({ id: menusEmpresa.EMP_CODIGO }).from(menusEmpresa).where(eq(menusEmpresa.MEN_CODIGO, id)).limit(1);
    const granted = row.perfiles > 0 || Boolean(company);
    if (granted) {
      if (row.MEN_ACTIVO) {
        await tx.update(menus).set({ MEN_ACTIVO: false }).where(eq(menus.MEN_CODIGO, id));
        const lost = (await accessLost(tx)).find((p) => p === row.MEN_PERMISO);
        if (lost) throw new HttpError(409, MENU_MSG.accessEntry(lost));
        await recordDeactivation(tx, actor, 'menus', id, 'MEN_ACTIVO');
      }
      return { MEN_CODIGO: id, eliminado: false, msg: MENU_MSG.deactivated(row.MEN_NOMBRE) };
    }
    await tx.delete(menus).where(eq(menus.MEN_CODIGO, id));
    await recordAudit(tx, actor, { recurso: 'menus', registro: id, accion: 'eliminacion', antes: stored(row) });
    return { MEN_CODIGO: id, eliminado: true, msg: MENU_MSG.deleted(row.MEN_NOMBRE) };
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// A profile's menus (menuRolesAdmin)

/** Every entry of the administration area (active or not), marked with whether this profile has it. */
export function roleMenuChoices(db: Executor, perfil: number): Promise<MenuRolAsignado[]> {
  return db
    .select({
      ...menuColumns,
      MEN_PERMISO: menus.MEN_PERMISO,
      MEN_ACTIVO: menus.MEN_ACTIVO,
      asignado: sql<boolean>`${menusRoles.PRF_CODIGO} is not null`,
    })
    .from(menus)
    .leftJoin(menusRoles, and(eq(menusRoles.MEN_CODIGO, menus.MEN_CODIGO), eq(menusRoles.PRF_CODIGO, perfil)))
    .where(eq(menus.MEN_AREA, 'admin'))
    .orderBy(...menuOrder);
}

/**
 * Replaces a profile's administration menus with this list (entries of the administration area only: 400 otherwise) in
 * one transaction, and records the change in the audit log. The administrator profile keeps an active entry for
 * profiles and one for menus (409). Returns whether anything changed.
 */
export async function replaceRoleMenus(tx: Executor, actor: AdminActor, perfil: number, wanted: number[]): Promise<boolean> {
  await lockCatalogue(tx);
  const choices = await roleMenuChoices(tx, perfil);
  const { before, after, removed, added } = selection(choices, wanted, MENU_MSG.roleMenuInvalid);
  if (!removed.length && !added.length) return false;
  const reserved = after.filter((m) => !m.asignado && PERMISOS_SOLO_ADMINISTRADOR.some((p) => p === m.MEN_PERMISO));
  if (perfil !== PERFIL.administrador && reserved.length)
    throw new HttpError(400, MENU_MSG.onlyAdministrator(reserved.map((m) => `«${m.MEN_NOMBRE}»`).join(', ')));
  if (perfil === PERFIL.administrador) {
    const missing = PERMISOS_DE_ACCESO.filter((p) => !after.some((m) => m.MEN_ACTIVO && m.MEN_PERMISO === p));
    if (missing.length) {
      const names = choices.filter((m) => m.MEN_ACTIVO && missing.some((p) => p === m.MEN_PERMISO)).map((m) => `«${m.MEN_NOMBRE}»`);
      throw new HttpError(409, MENU_MSG.keepAccess(names.length ? names.join(' y ') : missing.join(' y ')));
    }
  }
  if (removed.length) await tx.delete(menusRoles).where(and(eq(menusRoles.PRF_CODIGO, perfil), inArray(menusRoles.MEN_CODIGO, removed)));
  if (added.length) await tx.insert(menusRoles).values(added.map((MEN_CODIGO) => ({ PRF_CODIGO: perfil, MEN_CODIGO })));
  const names = (list: MenuRolAsignado[]) => list.map((m) => m.MEN_NOMBRE);
  await recordAudit(tx, actor, {
    recurso: 'perfiles',
    registro: perfil,
    accion: 'menus',
    antes: { menus: names(before) },
    despues: { menus: names(after) },
  });
  return true;
}
