/**
 * Marking an authorized document ANULADA: the company annulled it at the SRI's portal (the SRI has no web service for
 * it), and Amelia records that with the reason. It keeps its number and stays in its list; it leaves the client's
 * balance and the totals of authorized documents. Collections applied to it must be undone first, so that no payment
 * points at a document that no longer counts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { cobros, cobrosFacturas, facturas } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import { COMPROBANTES_MSG, ESTADOS_EN_CAMINO } from '../../../domain/comprobantes';
import { lockComprobante, type AlcanceComprobantes } from './emision-repo';
import type { TipoComprobante } from './tipo';
import { resumenComprobante } from './resumen';
import { encolarEvento } from '../webhooks';

/** 400 without a reason; 404 when the scope does not see it (or it is another type); 409 unless AUTORIZADA, or with live collections. */
export async function anularComprobante(
  db: Db,
  alcance: AlcanceComprobantes,
  id: number,
  motivo: string,
  tipo: Pick<TipoComprobante, 'codDoc' | 'nombre'>,
): Promise<void> {
  const razon = motivo.trim();
  if (!razon) throw new HttpError(400, COMPROBANTES_MSG.anulacionMotivo(tipo.nombre));
  await db.transaction(async (tx) => {
    const row = found(await lockComprobante(tx, alcance, id, tipo.codDoc));
    if (row.FAC_ESTADO !== 'AUTORIZADA') throw new HttpError(409, COMPROBANTES_MSG.soloAutorizadaAnulable(tipo.nombre));
    const [cobrada] = await tx
      .select({ uno: sql`1` })
      .from(cobrosFacturas)
      .innerJoin(cobros, eq(cobros.COB_CODIGO, cobrosFacturas.COB_CODIGO))
      .where(and(eq(cobrosFacturas.FAC_CODIGO, id), eq(cobros.COB_ANULADO, false)))
      .limit(1);
    if (cobrada) throw new HttpError(409, COMPROBANTES_MSG.conCobros(tipo.nombre));
    // The SRI refuses to annul an invoice its notes still modify; a note waiting for the SRI counts too.
    const [conNota] = await tx
      .select({ uno: sql`1` })
      .from(facturas)
      .where(and(eq(facturas.FAC_MODIFICA, id), inArray(facturas.FAC_ESTADO, [...ESTADOS_EN_CAMINO, 'AUTORIZADA'])))
      .limit(1);
    if (conNota) throw new HttpError(409, COMPROBANTES_MSG.conNotas(tipo.nombre));
    await tx
      .update(facturas)
      .set({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: razon, FAC_ANULACION_FECHA: new Date(), FAC_ACTUALIZADO: new Date() })
      .where(eq(facturas.FAC_CODIGO, id));
    await encolarEvento(tx, { empresa: alcance.empresa, evento: 'comprobante.anulado', FAC_CODIGO: id, resumen: resumenComprobante });
  });
}
