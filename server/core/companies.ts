import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../infra/db/client';
import { empresas } from '../infra/db/schema';
import { found, HttpError } from './errors';
import { embed, escapeLike, startsWith, type Bind } from './list';
import type { AdminActor } from './actor';
import { MSG } from '../../domain/messages';
import { PERFIL } from '../../domain/perfiles';
import { EMPRESA_MSG } from '../../domain/contratos/empresas';

/** What decides which companies an administration user sees. */
export type Viewer = Pick<AdminActor, 'admin' | 'perfil'>;

/**
 * Which companies an administration user may see: a distributor (profile 2, a reseller) only those assigned to it
 * (EMP_DISTRIBUIDOR); the provider's own staff (administrators and any profile given the menu) all of them. Every
 * query of the back office about companies adds this condition, so another distributor's company is simply not found
 * (404), never "forbidden".
 */
export function companyScope(viewer: Viewer): SQL | undefined {
  const distributor = distributorOf(viewer);
  return distributor === undefined ? undefined : eq(empresas.EMP_DISTRIBUIDOR, distributor);
}

/** The distributor whose companies bound what this user sees (EMP_DISTRIBUIDOR), or undefined when it sees them all. */
export const distributorOf = (viewer: Viewer): number | undefined => (viewer.perfil === PERFIL.distribuidor ? viewer.admin : undefined);

/** The company with this id if the administration user may see it; 404 otherwise. */
export async function findVisibleCompany(db: Executor, viewer: Viewer, id: number) {
  const [company] = await db
    .select()
    .from(empresas)
    .where(and(eq(empresas.EMP_CODIGO, id), companyScope(viewer)));
  return found(company);
}

export async function findCompany(db: Executor, empresa: number) {
  const [company] = await db.select().from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
  return company;
}

/** Locks the company for a change if the caller may see it (404 otherwise) and refuses a stale version (409) when the client says which one it read. */
export async function lockForChange(tx: Tx, viewer: Viewer, empresa: number, versionRead?: number) {
  const [company] = await tx
    .select()
    .from(empresas)
    .where(and(eq(empresas.EMP_CODIGO, empresa), companyScope(viewer)))
    .for('update');
  if (!company) throw new HttpError(404, MSG.notFound);
  if (versionRead !== undefined && company.EMP_VERSION !== versionRead) throw new HttpError(409, EMPRESA_MSG.stale);
  return company;
}

/** Marks the company as changed: a new version (a page holding the old one gets 409 on save) and the time. */
export async function bumpVersion(tx: Executor, empresa: number) {
  await tx
    .update(empresas)
    .set({ EMP_VERSION: sql`${empresas.EMP_VERSION} + 1`, EMP_ACTUALIZADO: new Date() })
    .where(eq(empresas.EMP_CODIGO, empresa));
}

/**
 * Up to 13 digits: the beginning of a RUC (its varchar_pattern_ops index). Anything else: a part of the RUC or the
 * names, without accents and in any case, through the trigram index of EMP_BUSQUEDA (normalised by the same function).
 */
export function companySearch(text: string, bind: Bind = embed): SQL {
  if (/^[0-9]{1,13}$/.test(text)) return startsWith(empresas.EMP_RUC, text, bind);
  return sql`${empresas.EMP_BUSQUEDA} LIKE '%' || amelia_busqueda(${bind(escapeLike(text))}) || '%'`;
}
