/**
 * Asking the SRI again, by hand, about a document left SIN_RESPUESTA (proceso.ts): it goes back to RECIBIDA and on the
 * queue at AUTORIZAR, due now. Its 24 hours are long past, so this is one ask: an authorization or a refusal the SRI
 * gives now is recorded as always, and if the SRI still says nothing the document is SIN_RESPUESTA again at once.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { facturas } from '../../../infra/db/schema';
import { found, HttpError } from '../../../core/errors';
import { COMPROBANTES_MSG } from '../../../../domain/comprobantes';
import { lockComprobante, type AlcanceComprobantes } from '../emision-repo';
import type { TipoComprobante } from '../tipo';
import { encolar } from './cola';

/** 404 when the scope does not see it (or it is another type); 409 unless it is SIN_RESPUESTA (waiting already, or answered). */
export async function consultarDeNuevo(
  db: Db,
  alcance: AlcanceComprobantes,
  id: number,
  tipo: Pick<TipoComprobante, 'codDoc' | 'nombre'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = found(await lockComprobante(tx, alcance, id, tipo.codDoc));
    if (row.FAC_ESTADO !== 'SIN_RESPUESTA') throw new HttpError(409, COMPROBANTES_MSG.soloSinRespuesta(tipo.nombre));
    await tx.update(facturas).set({ FAC_ESTADO: 'RECIBIDA', FAC_ACTUALIZADO: new Date() }).where(eq(facturas.FAC_CODIGO, id));
    await encolar(tx, id, 'AUTORIZAR');
  });
}
