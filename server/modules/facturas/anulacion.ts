/**
 * Marking an authorized invoice ANULADA: the company annulled it at the SRI's portal (the SRI has no web service for
 * it), and Amelia records that with the reason. It keeps its number and stays in the list; it leaves the client's
 * balance and the totals of authorized invoices. Collections applied to it must be undone first, so that no payment
 * points at an invoice that no longer counts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { cobros, cobrosFacturas, facturas } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import { FACTURAS_MSG } from './contract';
import { lockFactura, type AlcanceFacturas } from './repo';

export const ANULACION_MSG = {
  conCobros: 'La factura tiene cobros registrados: anúlelos primero en el estado de cuenta del cliente.',
} as const;

export async function anularFactura(db: Db, alcance: AlcanceFacturas, id: number, motivo: string): Promise<void> {
  const razon = motivo.trim();
  if (!razon) throw new HttpError(400, FACTURAS_MSG.anulacionMotivo);
  await db.transaction(async (tx) => {
    const row = found(await lockFactura(tx, alcance, id));
    if (row.FAC_ESTADO !== 'AUTORIZADA') throw new HttpError(409, FACTURAS_MSG.soloAutorizadaAnulable);
    const [cobrada] = await tx
      .select({ uno: sql`1` })
      .from(cobrosFacturas)
      .innerJoin(cobros, eq(cobros.COB_CODIGO, cobrosFacturas.COB_CODIGO))
      .where(and(eq(cobrosFacturas.FAC_CODIGO, id), eq(cobros.COB_ANULADO, false)))
      .limit(1);
    if (cobrada) throw new HttpError(409, ANULACION_MSG.conCobros);
    await tx
      .update(facturas)
      .set({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: razon, FAC_ANULACION_FECHA: new Date(), FAC_ACTUALIZADO: new Date() })
      .where(eq(facturas.FAC_CODIGO, id));
  });
}
