import type { Executor } from '../../infra/db/client';
import { cabeceraNota, fijo, lineasNota, NOTA_DEBITO, pagosDe, type AlcanceNotas } from '../comprobantes';
import type { NotaDebitoDetalle } from './contract';

/** A debit note whole, if the scope sees it: its header, its reasons (stored as lines) and its payments. */
export async function buscarNotaDebito(db: Executor, alcance: AlcanceNotas, id: number): Promise<NotaDebitoDetalle | undefined> {
  const [cabecera, lineas, pagos] = await Promise.all([cabeceraNota(db, NOTA_DEBITO, alcance, id), lineasNota(db, id), pagosDe(db, id)]);
  if (!cabecera) return undefined;
  return {
    ...cabecera,
    motivos: lineas.map((l) => ({ razon: l.FDE_DESCRIPCION, valor: fijo(l.FDE_SUBTOTAL, 2), iva: l.FDE_IVA })),
    pagos: pagos.map((p) => ({ ...p, FPA_TOTAL: fijo(p.FPA_TOTAL, 2) })),
  };
}
