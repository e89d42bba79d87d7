/**
 * Debit notes' drafts: the invoice they modify judged as for a credit note (comprobantes/notas-factura.ts: the
 * caller's, a factura, AUTORIZADA, at most 12 months old and not after the note), the reasons and payments recomputed
 * by the form's own calculation (domain/notasDebito calcularNotaDebito) and refused with every reason, or when the
 * totals the user saw differ by a cent. The same rules run again when the note is issued (tipo.ts).
 */
import type { Db, Executor } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { MSG } from '../../../domain/messages';
import type { ErrorFactura, PagoEntrada } from '../../../domain/facturas';
import { fechaLimiteNotaCredito } from '../../../domain/notasCredito/reglas';
import { calcularNotaDebito, comprobarFactura, type MotivoEntrada } from '../../../domain/notasDebito';
import { NOTAS_MSG } from '../../../domain/contratos/notasCredito';
import { ESTADOS_CORREGIBLES, ESTADOS_EN_CAMINO } from '../../../domain/comprobantes/estados';
import {
  compararTotalesNota,
  documentoEmitido,
  facturaParaNota,
  fechaNota,
  insertBorrador,
  lockNota,
  ComprobanteRechazado,
  NOTA_DEBITO,
  puntoDeEmpresa,
  replaceBorrador,
  type AlcanceNotas,
  type ValoresLinea,
  type ValoresBorrador,
  type ValoresPago,
} from '../comprobantes';
import { clientScopeValues } from '../clientes';
import type { NotaDebitoBorrador, NotaDebitoDetalle } from './contract';
import { buscarNotaDebito } from './repo';

export const NOMBRE = 'nota de débito';

/**
 * Every rule of a debit note of `factura` dated `fecha`: the invoice's (not before it, within 12 months) and the
 * reasons' and payments' (calcularNotaDebito). Answers the computation and the errors.
 */
export function juzgarNotaDebito(
  factura: { FAC_NUMERO: string; FAC_FECHA: string },
  fecha: string,
  motivos: readonly MotivoEntrada[],
  pagos: readonly PagoEntrada[],
) {
  const errores: ErrorFactura[] = comprobarFactura(fecha, { numero: factura.FAC_NUMERO, fecha: factura.FAC_FECHA });
  if (fecha > fechaLimiteNotaCredito(factura.FAC_FECHA)) errores.push({ campo: 'documentoModificado', mensaje: NOTAS_MSG.debitoVencida });
  const calculo = calcularNotaDebito(motivos, pagos);
  return { calculo, errores: [...errores, ...calculo.errores] };
}

async function valoresDe(db: Executor, actor: CompanyActor, body: NotaDebitoBorrador) {
  const alcance = clientScopeValues(actor);
  const [punto, factura] = await Promise.all([
    puntoDeEmpresa(db, alcance.empresa, body.PEM_CODIGO),
    facturaParaNota(db, alcance, body.FAC_MODIFICA, NOMBRE),
  ]);
  if (!punto) throw new HttpError(404, MSG.notFound);
  const fecha = fechaNota(body.FAC_FECHA);
  const pagosEntrada = body.pagos.map((p) => ({
    formaPago: p.FPA_FORMA,
    total: p.FPA_TOTAL,
    plazo: p.FPA_PLAZO,
    unidadTiempo: p.FPA_UNIDAD,
  }));
  const { calculo, errores } = juzgarNotaDebito(factura, fecha, body.motivos, pagosEntrada);
  if (!errores.length)
    errores.push(
      ...compararTotalesNota(body.totales, {
        FAC_SUBTOTAL: calculo.totalSinImpuestos,
        FAC_IVA: calculo.totalIva,
        FAC_TOTAL: calculo.valorTotal,
      }),
    );
  if (errores.length) throw new ComprobanteRechazado(errores);

  const nota: ValoresBorrador = {
    EMP_CODIGO: alcance.empresa,
    FAC_TIPO: NOTA_DEBITO,
    FAC_MODIFICA: factura.FAC_CODIGO,
    FAC_MOTIVO: body.FAC_MOTIVO?.trim() || calculo.motivos[0]!.razon,
    PEM_CODIGO: punto.PEM_CODIGO,
    CLI_CODIGO: factura.CLI_CODIGO,
    FAC_FECHA: fecha,
    FAC_SUBTOTAL: calculo.totalSinImpuestos,
    FAC_DESCUENTO: '0',
    FAC_IVA: calculo.totalIva,
    FAC_PROPINA: '0',
    FAC_TOTAL: calculo.valorTotal,
    FAC_ADICIONAL: (body.FAC_ADICIONAL ?? [])
      .map((c) => ({ nombre: c.nombre.trim(), valor: c.valor.trim() }))
      .filter((c) => c.nombre || c.valor),
    USU_CODIGO: actor.usuario,
  };
  // A reason is stored as a line: its text, one unit at its value, its IVA rate.
  const lineas: ValoresLinea[] = calculo.motivos.map((m) => ({
    FDE_DESCRIPCION: m.razon,
    FDE_CANTIDAD: '1',
    FDE_PRECIO: m.valor,
    FDE_DESCUENTO: '0',
    FDE_IVA: m.iva,
    FDE_SUBTOTAL: m.valor,
  }));
  const pagos: ValoresPago[] = calculo.pagos.map((p, i) => ({
    FPA_FORMA: p.formaPago,
    FPA_TOTAL: p.total,
    FPA_PLAZO: body.pagos[i]!.FPA_PLAZO ?? null,
    FPA_UNIDAD: p.unidadTiempo ?? null,
  }));
  return { nota, lineas, pagos, alcance };
}

export async function crearNotaDebito(db: Db, actor: CompanyActor, body: NotaDebitoBorrador): Promise<NotaDebitoDetalle> {
  const { nota, lineas, pagos, alcance } = await valoresDe(db, actor, body);
  const id = await db.transaction((tx) => insertBorrador(tx, nota, lineas, pagos));
  return (await buscarNotaDebito(db, alcance, id))!;
}

const EDITABLES: readonly string[] = ['BORRADOR', ...ESTADOS_CORREGIBLES];
const noAdmite = (estado: string) =>
  (ESTADOS_EN_CAMINO as readonly string[]).includes(estado) ? NOTAS_MSG.enProceso(NOMBRE) : NOTAS_MSG.emitidaNoModificable(NOMBRE);

export async function editarNotaDebito(db: Db, actor: CompanyActor, id: number, body: NotaDebitoBorrador): Promise<NotaDebitoDetalle> {
  const alcance: AlcanceNotas = clientScopeValues(actor);
  const actual = found(await documentoEmitido(db, alcance, id, NOTA_DEBITO));
  if (!EDITABLES.includes(actual.FAC_ESTADO)) throw new HttpError(409, noAdmite(actual.FAC_ESTADO));
  const { nota, lineas, pagos } = await valoresDe(db, actor, body);
  await db.transaction(async (tx) => {
    const row = found(await lockNota(tx, NOTA_DEBITO, alcance, id));
    if (!EDITABLES.includes(row.FAC_ESTADO)) throw new HttpError(409, noAdmite(row.FAC_ESTADO));
    await replaceBorrador(tx, id, nota, lineas, pagos);
  });
  return (await buscarNotaDebito(db, alcance, id))!;
}
