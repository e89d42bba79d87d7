/**
 * A draft's change under a row lock: the document of one type the scope sees, read FOR UPDATE in the caller's
 * transaction, and the states the change takes (409 with why: pending at the SRI, or issued for good).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { facturas } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import { ESTADOS_CORREGIBLES, ESTADOS_EN_CAMINO } from '../../../domain/comprobantes';
import { visible, type AlcanceDocumentos } from './filas';

const f = facturas;

/** The states a change takes, and its messages when the document is at the SRI or issued for good. */
export type Cambio = { admite: readonly string[]; enProceso: string; emitida: string };

/** A type's messages for its drafts' changes. */
type MensajesBorrador = { enProceso: string; emitidaNoModificable: string; emitidaNoEliminable: string };

/** A draft's changes: an edit takes one the SRI sent back too (it keeps its number); a deletion, only a draft. */
export const cambiosBorrador = (msg: MensajesBorrador): { edicion: Cambio; eliminacion: Cambio } => ({
  edicion: { admite: ['BORRADOR', ...ESTADOS_CORREGIBLES], enProceso: msg.enProceso, emitida: msg.emitidaNoModificable },
  eliminacion: { admite: ['BORRADOR'], enProceso: msg.enProceso, emitida: msg.emitidaNoEliminable },
});

/** The state of the document `id` of type `codDoc` the scope sees, under a row lock; undefined when not found. */
async function estadoBloqueado(tx: Executor, alcance: AlcanceDocumentos, codDoc: string, id: number) {
  const [row] = await tx
    .select({ FAC_ESTADO: f.FAC_ESTADO })
    .from(f)
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, codDoc), visible(alcance)))
    .for('update');
  return row;
}

/** A 409 when a document in `estado` does not take the change: pending at the SRI, or issued for good. */
export function exigirEstado(estado: string, { admite, enProceso, emitida }: Cambio) {
  if (admite.includes(estado)) return;
  throw new HttpError(409, (ESTADOS_EN_CAMINO as readonly string[]).includes(estado) ? enProceso : emitida);
}

/** Locks the document for the change (the caller's transaction): 404 when the scope does not see it, 409 with why. */
export async function bloquearPara(tx: Executor, alcance: AlcanceDocumentos, codDoc: string, id: number, cambio: Cambio) {
  exigirEstado(found(await estadoBloqueado(tx, alcance, codDoc, id)).FAC_ESTADO, cambio);
}
