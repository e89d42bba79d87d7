import type { Executor } from '../infra/db/client';
import { empresasHistorial } from '../infra/db/schema';
import type { Actor } from './actor';
import { recordAudit } from './audit';

/** What a company's history records of a change; never a secret (claves, certificates). */
export type CompanyChange = {
  empresa: number;
  /** creacion, datos, menus, usuario, pago, comprobacion, firma, estado */
  accion: string;
  descripcion: string;
  antes?: Record<string, unknown> | null;
  despues?: Record<string, unknown> | null;
  /** The audit log's action for an administration user's change, when it is not the history's (datos: edicion). */
  accionAuditoria?: string;
};

/** The audit log's action for a history's, where they differ. */
const AUDIT_ACTION: Record<string, string> = { datos: 'edicion' };

/** Who made a change, as the history's columns: the administration user or the company user. */
const author = (actor: Actor) =>
  actor.kind === 'admin'
    ? { ADM_CODIGO: actor.admin, HIS_USUARIO: actor.nombreUsuario }
    : { USU_CODIGO: actor.usuario, HIS_USUARIO: actor.nombreUsuario, CLA_CODIGO: actor.clave?.codigo ?? null };

/**
 * Adds a change to the company's history; run it in the transaction of the change itself. A change an administration
 * user makes is also in the global audit log, as a change of that company (recurso empresas), with the same values.
 */
export async function recordHistory(db: Executor, actor: Actor, change: CompanyChange) {
  await db.insert(empresasHistorial).values({
    EMP_CODIGO: change.empresa,
    ...author(actor),
    HIS_ACCION: change.accion,
    HIS_DESCRIPCION: change.descripcion,
    HIS_ANTES: change.antes ?? null,
    HIS_DESPUES: change.despues ?? null,
  });
  if (actor.kind === 'admin')
    await recordAudit(db, actor, {
      recurso: 'empresas',
      registro: change.empresa,
      accion: change.accionAuditoria ?? AUDIT_ACTION[change.accion] ?? change.accion,
      antes: change.antes,
      despues: change.despues,
    });
}

/** The fields whose value differs between two versions of a record: { antes, despues } with only those keys. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const antes: Record<string, unknown> = {};
  const despues: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof T & string>) {
    if (after[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      antes[key] = before[key];
      despues[key] = after[key];
    }
  }
  return { antes, despues, changed: Object.keys(despues) };
}
