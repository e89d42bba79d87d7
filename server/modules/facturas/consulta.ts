/**
 * Asking the SRI again, by hand, about an invoice left SIN_RESPUESTA (proceso.ts): it goes back to RECIBIDA and on the
 * queue at AUTORIZAR, due now. Its 24 hours are long past, so this is one ask: an authorization or a refusal the SRI
 * gives now is recorded as always, and if the SRI still says nothing the invoice is SIN_RESPUESTA again at once.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { facturas } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import { FACTURAS_MSG } from './contract';
import { lockFactura, type AlcanceFacturas } from './repo';
import { encolar } from '../comprobantes';

/** 404 when the scope does not see it; 409 unless it is SIN_RESPUESTA (waiting already, or answered). */
export async function consultarDeNuevo(db: Db, alcance: AlcanceFacturas, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = found(await lockFactura(tx, alcance, id));
    if (row.FAC_ESTADO !== 'SIN_RESPUESTA') throw new HttpError(409, FACTURAS_MSG.soloSinRespuesta);
    await tx.update(facturas).set({ FAC_ESTADO: 'RECIBIDA', FAC_ACTUALIZADO: new Date() }).where(eq(facturas.FAC_CODIGO, id));
    await encolar(tx, id, 'AUTORIZAR');
  });
}
