/**
 * The invoice a one-call body cites (a note, a guía: domain/contratos/emision.ts DocumentoCitado), by its number or its
 * access key: an AUTORIZADA factura the caller sees (a seller, their clients' and the consumidor final's).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { facturas } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { EMISION_MSG, type DocumentoCitado } from '../../../domain/contratos/emision';
import { visible } from '../comprobantes';
import { TIPO_FACTURA, type AlcanceFacturas } from './repo';

const f = facturas;

/** Its FAC_CODIGO; 400 when the body names none, or none such is the caller's and authorized. */
export async function facturaCitada(db: Executor, alcance: AlcanceFacturas, citado: DocumentoCitado): Promise<number> {
  const { numero, claveAcceso } = citado;
  if (!numero && !claveAcceso) throw new HttpError(400, EMISION_MSG.citadoSinDatos);
  const [fila] = await db
    .select({ id: f.FAC_CODIGO })
    .from(f)
    .where(
      and(
        eq(f.FAC_TIPO, TIPO_FACTURA),
        eq(f.FAC_ESTADO, 'AUTORIZADA'),
        visible(alcance),
        numero ? eq(f.FAC_NUMERO, numero) : undefined,
        claveAcceso ? eq(f.FAC_CLAVE_ACCESO, claveAcceso) : undefined,
      ),
    )
    .limit(1);
  if (!fila)
    throw new HttpError(400, EMISION_MSG.citadoNoExiste(claveAcceso ? `la clave de acceso ${claveAcceso}` : `el número ${numero}`));
  return fila.id;
}
