import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { facturas, facturasDetalles } from '../../infra/db/schema';
import { formatear, leerDecimal, escalar } from '../../../domain/comprobantes/decimal';
import { cabeceraNota, lineaRespuesta, lineasNota, NOTA_CREDITO, NOTAS_QUE_CUENTAN, type AlcanceNotas } from '../comprobantes';
import type { NotaCreditoDetalle } from './contract';

/** A credit note whole, if the scope sees it: its header and its lines with the invoice line each returns. */
export async function buscarNotaCredito(db: Executor, alcance: AlcanceNotas, id: number): Promise<NotaCreditoDetalle | undefined> {
  const [cabecera, lineas] = await Promise.all([cabeceraNota(db, NOTA_CREDITO, alcance, id), lineasNota(db, id)]);
  if (!cabecera) return undefined;
  return { ...cabecera, lineas: lineas.map((l) => ({ ...lineaRespuesta(l), FDE_LINEA_FACTURA: l.FDE_LINEA_FACTURA })) };
}

const centavos = (valor: unknown) => {
  const l = leerDecimal(String(valor ?? '0'));
  return l.ok ? escalar(l, 2) : 0n;
};

/**
 * What the invoice's counted credit notes did: whether they only returned lines (no value credited apart), and the
 * base per IVA rate that remains of the invoice (its lines' bases less the notes' lines'), for the annulment's draft.
 */
export async function lineasFacturaDevueltas(db: Executor, factura: number) {
  const d = facturasDetalles;
  const notas = db
    .select({ id: facturas.FAC_CODIGO })
    .from(facturas)
    .where(
      and(eq(facturas.FAC_MODIFICA, factura), eq(facturas.FAC_TIPO, NOTA_CREDITO), inArray(facturas.FAC_ESTADO, [...NOTAS_QUE_CUENTAN])),
    );
  const [bases, acreditadas, enValor] = await Promise.all([
    db
      .select({ iva: d.FDE_IVA, base: sql<string>`sum(${d.FDE_SUBTOTAL})` })
      .from(d)
      .where(eq(d.FAC_CODIGO, factura))
      .groupBy(d.FDE_IVA),
    db
      .select({ iva: d.FDE_IVA, base: sql<string>`sum(${d.FDE_SUBTOTAL})` })
      .from(d)
      .where(inArray(d.FAC_CODIGO, notas))
      .groupBy(d.FDE_IVA),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(d)
      .where(and(inArray(d.FAC_CODIGO, notas), isNull(d.FDE_LINEA_FACTURA))),
  ]);
  const usadas = new Map(acreditadas.map((r) => [r.iva, centavos(r.base)]));
  const basesRestantes = bases
    .map((r) => ({ iva: r.iva, resto: centavos(r.base) - (usadas.get(r.iva) ?? 0n) }))
    .filter((r) => r.resto > 0n)
    .map((r) => ({ iva: r.iva, base: formatear(r.resto, 2) }));
  return { soloLineas: Number(enValor[0]?.n ?? 0) === 0, basesRestantes };
}
