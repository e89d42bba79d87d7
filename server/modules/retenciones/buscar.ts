import type { Executor } from '../../infra/db/client';
import { avisoTardio } from '../../../domain/retenciones';
import type { RetencionDetalle } from './contract';
import { cabeceraRetencion, liquidacionesDe, recibidosDe, sustentosDeRetencion } from './repo';

/**
 * A retención whole, if it is the company's: its header, each support document as it is now (number, date, bases,
 * taxes, payments) with its withholdings, and the warnings for documents more than 5 days older than it.
 */
export async function buscarRetencion(db: Executor, empresa: number, id: number): Promise<RetencionDetalle | undefined> {
  const [cabecera, guardados] = await Promise.all([cabeceraRetencion(db, empresa, id), sustentosDeRetencion(db, id)]);
  if (!cabecera) return undefined;
  const [recs, liqs] = await Promise.all([
    recibidosDe(
      db,
      empresa,
      guardados.flatMap((s) => (s.REC_CODIGO ? [s.REC_CODIGO] : [])),
    ),
    liquidacionesDe(
      db,
      empresa,
      guardados.flatMap((s) => (s.RSU_LIQUIDACION ? [s.RSU_LIQUIDACION] : [])),
    ),
  ]);
  const sustentos = guardados.map((s) => {
    const d = s.REC_CODIGO ? recs.get(s.REC_CODIGO)! : liqs.get(s.RSU_LIQUIDACION!)!;
    const { documento: _documento, ESTADO: _estado, PRV_RAZON_SOCIAL: _razon, PRV_IDENTIFICACION: _identificacion, ...propio } = d;
    return { ...propio, RSU_LINEA: s.RSU_LINEA, RSU_SUSTENTO: s.RSU_SUSTENTO, retenciones: s.retenciones };
  });
  const avisos = sustentos.flatMap((s) => avisoTardio(s, cabecera.FAC_FECHA) ?? []);
  return { ...cabecera, sustentos, avisos };
}
