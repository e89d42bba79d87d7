import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { administradores, menus, menusRoles, perfiles } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { editAction, recordAudit } from '../../core/audit';
import type { AdminActor } from '../../core/actor';
import { contains, paged, readPage, type ListQuery, type ListSpec, type PageSelect } from '../../core/list';
import { DECIMAL_INTEGER } from '../../core/requests';
import { isFixedProfile, PERFIL_MSG, PRIMER_CODIGO_LIBRE, type Perfil, type PerfilCambio, type PerfilNuevo } from './contract';

/** The profile of the outer query, qualified: inside a subquery a bare column would name the subquery's own table. */
const outer = sql`${sql.identifier('perfiles')}.${sql.identifier('prf_codigo')}`;

const columns = {
  PRF_CODIGO: perfiles.PRF_CODIGO,
  PRF_NOMBRE: perfiles.PRF_NOMBRE,
  PRF_ACTIVO: perfiles.PRF_ACTIVO,
  fijo: sql<boolean>`${outer} IN (1, 2)`,
  administradores: sql<number>`(SELECT count(*)::int FROM ${administradores} WHERE ${administradores.PRF_CODIGO} = ${outer})`,
  menus: sql<number>`(SELECT count(*)::int FROM ${menusRoles} ${sql.identifier('r')} JOIN ${menus} ${sql.identifier('m')} ON ${sql.identifier('m')}.${sql.identifier('men_codigo')} = ${sql.identifier('r')}.${sql.identifier('men_codigo')} WHERE ${sql.identifier('r')}.${sql.identifier('prf_codigo')} = ${outer} AND ${sql.identifier('m')}.${sql.identifier('men_area')} = 'admin')`,
};

const list: ListSpec<'PRF_CODIGO' | 'PRF_NOMBRE' | 'id'> = {
  resource: 'perfiles',
  table: perfiles,
  sort: { PRF_CODIGO: [perfiles.PRF_CODIGO], PRF_NOMBRE: [perfiles.PRF_NOMBRE, perfiles.PRF_CODIGO], id: [perfiles.PRF_CODIGO] },
  defaultSort: ['PRF_CODIGO', 'ASC'],
  filters: {
    // The name, or the code when the text is a number.
    q: {
      type: 'search',
      where: (text, bind) =>
        DECIMAL_INTEGER.test(text) && Number(text) <= 2147483647
          ? or(contains(perfiles.PRF_NOMBRE, text, bind), eq(perfiles.PRF_CODIGO, bind(Number(text))))
          : contains(perfiles.PRF_NOMBRE, text, bind),
    },
    PRF_ACTIVO: { type: 'boolean', column: perfiles.PRF_ACTIVO },
    id: { type: 'ids', column: perfiles.PRF_CODIGO },
  },
  defaultRange: 'all',
};

const page: PageSelect<Perfil> = (db, request) =>
  paged(db.select(columns).from(perfiles).$dynamic(), request) as unknown as ReturnType<PageSelect<Perfil>>;

/** Every profile with its counts (administrators, administration menus), a page at a time. */
export const listPerfiles = (db: Db, query: ListQuery) => readPage(db, list, query, page, (row) => row);

export async function findPerfil(db: Executor, id: number): Promise<Perfil | undefined> {
  const [row] = await db.select(columns).from(perfiles).where(eq(perfiles.PRF_CODIGO, id));
  return row;
}

/** The profile's row locked until the end of the transaction (404 when there is none). */
export async function lockPerfil(tx: Executor, id: number): Promise<Perfil> {
  const [locked] = await tx.select({ id: perfiles.PRF_CODIGO }).from(perfiles).where(eq(perfiles.PRF_CODIGO, id)).for('update');
  if (!locked) throw new HttpError(404, PERFIL_MSG.notFound);
  return (await findPerfil(tx, id))!;
}

/** 409 when another profile has this name (any case). */
async function checkNameFree(tx: Executor, name: string, except?: number) {
  const [taken] = await tx
    .select({ id: perfiles.PRF_CODIGO })
    .from(perfiles)
    .where(and(eq(sql`lower(${perfiles.PRF_NOMBRE})`, name.toLowerCase()), except ? ne(perfiles.PRF_CODIGO, except) : undefined));
  if (taken) throw new HttpError(409, PERFIL_MSG.nameTaken(name));
}

/** Serializes profile creations and renames: two cannot take the same name or code. */
const lockProfiles = (tx: Executor) => tx.execute(sql`LOCK TABLE ${perfiles} IN SHARE ROW EXCLUSIVE MODE`);

/** Creates a profile with the given code or the next one after the highest (from 3); no menus yet. */
export async function createPerfil(db: Db, actor: AdminActor, body: PerfilNuevo): Promise<Perfil> {
  const name = body.PRF_NOMBRE.trim();
  const code = await db.transaction(async (tx) => {
    await lockProfiles(tx);
    await checkNameFree(tx, name);
    let code = body.PRF_CODIGO;
    if (code === undefined) {
      const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${perfiles.PRF_CODIGO}), 0)`.mapWith(Number) }).from(perfiles);
      code = Math.max(max + 1, PRIMER_CODIGO_LIBRE);
    } else if (await findPerfil(tx, code)) throw new HttpError(409, PERFIL_MSG.codeTaken(code));
    const values = { PRF_CODIGO: code, PRF_NOMBRE: name, PRF_ACTIVO: body.PRF_ACTIVO ?? true };
    await tx.insert(perfiles).values(values);
    await recordAudit(tx, actor, { recurso: 'perfiles', registro: code, accion: 'creacion', despues: values });
    return code;
  });
  return (await findPerfil(db, code))!;
}

/** Renames or (de)activates a profile; its code never changes, and a fixed profile stays active. */
export async function updatePerfil(db: Db, actor: AdminActor, id: number, body: PerfilCambio): Promise<Perfil> {
  await db.transaction(async (tx) => {
    await lockProfiles(tx);
    const row = await lockPerfil(tx, id);
    const fixed = isFixedProfile(id);
    if (body.PRF_CODIGO !== undefined && body.PRF_CODIGO !== id)
      throw new HttpError(409, fixed ? PERFIL_MSG.fixedRecode(row.PRF_NOMBRE) : PERFIL_MSG.recode);
    const after = { PRF_NOMBRE: body.PRF_NOMBRE.trim(), PRF_ACTIVO: body.PRF_ACTIVO ?? row.PRF_ACTIVO };
    if (fixed && !after.PRF_ACTIVO) throw new HttpError(409, PERFIL_MSG.fixedDeactivate(row.PRF_NOMBRE));
    const before = { PRF_NOMBRE: row.PRF_NOMBRE, PRF_ACTIVO: row.PRF_ACTIVO };
    const keys = (Object.keys(after) as Array<keyof typeof after>).filter((k) => before[k] !== after[k]);
    if (!keys.length) return;
    if (after.PRF_NOMBRE.toLowerCase() !== before.PRF_NOMBRE.toLowerCase()) await checkNameFree(tx, after.PRF_NOMBRE, id);
    await tx.update(perfiles).set(after).where(eq(perfiles.PRF_CODIGO, id));
    const accion = editAction(keys, after, 'PRF_ACTIVO');
    await recordAudit(tx, actor, {
      recurso: 'perfiles',
      registro: id,
      accion,
      antes: Object.fromEntries(keys.map((k) => [k, before[k]])),
      despues: Object.fromEntries(keys.map((k) => [k, after[k]])),
    });
  });
  return (await findPerfil(db, id))!;
}

/** Deletes a profile no administrator has (its menus go with it); a fixed one, or one in use, stays (409). */
export async function deletePerfil(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockPerfil(tx, id);
    if (isFixedProfile(id)) throw new HttpError(409, PERFIL_MSG.fixedDelete(row.PRF_NOMBRE));
    if (row.administradores > 0) throw new HttpError(409, PERFIL_MSG.inUse(row.PRF_NOMBRE, row.administradores));
    const granted = await tx
      .select({ nombre: menus.MEN_NOMBRE })
      .from(menusRoles)
      .innerJoin(menus, eq(menus.MEN_CODIGO, menusRoles.MEN_CODIGO))
      .where(eq(menusRoles.PRF_CODIGO, id));
    await tx.delete(perfiles).where(eq(perfiles.PRF_CODIGO, id));
    await recordAudit(tx, actor, {
      recurso: 'perfiles',
      registro: id,
      accion: 'eliminacion',
      antes: { PRF_NOMBRE: row.PRF_NOMBRE, PRF_ACTIVO: row.PRF_ACTIVO, menus: granted.map((m) => m.nombre) },
    });
    return { PRF_CODIGO: id, msg: PERFIL_MSG.deleted(row.PRF_NOMBRE) };
  });
}
