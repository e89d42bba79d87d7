import type { Executor } from '../infra/db/client';
import { empresasHistorial } from '../infra/db/schema';
import type { Actor } from './actor';

/** What a company's history records of a change; never a secret (claves, certificates). */
export type CompanyChange = {
  empresa: number;
  /** creacion, datos, menus, usuario, pago, comprobacion, firma, estado */
  accion: string;
  descripcion: string;
  antes?: Record<string, unknown> | null;
  despues?: Record<string, unknown> | null;
};

/** Who made a change, as the history's columns: the administration user or the company user. */
const author = (actor: Actor) =>
  actor.kind === 'admin'
    ? { ADM_CODIGO: actor.admin, HIS_USUARIO: actor.nombreUsuario }
    : { USU_CODIGO: actor.usuario, HIS_USUARIO: actor.nombreUsuario };

/** Adds a change to the company's history; run it in the transaction of the change itself. */
export async function recordHistory(db: Executor, actor: Actor, change: CompanyChange) {
  await db.insert(empresasHistorial).values({
    EMP_CODIGO: change.empresa,
    ...author(actor),
    HIS_ACCION: change.accion,
    HIS_DESCRIPCION: change.descripcion,
    HIS_ANTES: change.antes ?? null,
    HIS_DESPUES: change.despues ?? null,
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
