import type { Db } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { MSG } from '../../../domain/messages';
import { esDia, hoyEcuador } from '../../../domain/fechas';
import { FORMAS_PAGO } from '../../../domain/facturas/catalogos';
import { escalar, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';
import { clientScopeValues, findVisibleClient, type ClientViewer } from '../clientes';
import {
  CUENTAS_MSG,
  tramoCartera,
  type Cartera,
  type CarteraDeCliente,
  type Cobro,
  type CobroBody,
  type Movimiento,
  type PeriodoQuery,
} from './contract';
import {
  anularCobro,
  bloquearCobro,
  bloquearFacturas,
  carteraPorCliente,
  carteraTotales,
  cobroPorId,
  facturasDelCliente,
  insertarCobro,
  movimientosDelCliente,
  nombreCobro,
  type Alcance,
  type FilaMovimiento,
} from './repo';

/** Dollars as cents (bigint), exactly as typed; null unless greater than zero with at most 2 decimals. */
export function centavos(valor: string | number): bigint | null {
  const lectura = leerDecimal(valor);
  if (!lectura.ok || lectura.decimales > 2) return null;
  const c = escalar(lectura, 2);
  return c > 0n ? c : null;
}

export const usd = (c: bigint) => formatear(c, 2);
/** An amount written with its 2 decimals (a balance the database wrote, a valorRetenido: "12.50", "0.00") as cents. */
export const deuda = (saldo: string) => {
  const lectura = leerDecimal(saldo);
  return lectura.ok ? escalar(lectura, 2) : 0n;
};

/** What the session may read: its company, a seller's clients only, today in Ecuador, and the period asked for. */
export function alcance(viewer: ClientViewer, periodo: PeriodoQuery = {}): Alcance {
  const { desde, hasta } = periodo;
  if ((desde && !esDia(desde)) || (hasta && !esDia(hasta)) || (desde && hasta && desde > hasta))
    throw new HttpError(400, CUENTAS_MSG.fechasInvalidas);
  return { ...clientScopeValues(viewer), hoy: hoyEcuador(), ...(desde ? { desde } : {}), ...(hasta ? { hasta } : {}) };
}

const FORMAS = new Set<string>(FORMAS_PAGO.map((f) => f.codigo));

/**
 * Records a collection of a client the caller may see (checked before): every rule answered with a 400 in Spanish
 * before anything is written. In one transaction the invoices' rows are locked (FOR UPDATE) and their balances read
 * after the lock, so that two collections against the same invoice never both pass: the second sees the first.
 */
export async function registrarCobro(db: Db, actor: CompanyActor, cliente: number, body: CobroBody): Promise<Cobro> {
  const base = alcance(actor);
  const fecha = body.fecha.trim();
  if (!esDia(fecha)) throw new HttpError(400, CUENTAS_MSG.fechaInvalida);
  if (fecha > base.hoy) throw new HttpError(400, CUENTAS_MSG.fechaFutura);
  const valor = centavos(body.valor);
  if (valor === null) throw new HttpError(400, CUENTAS_MSG.valorInvalido);
  if (!FORMAS.has(body.forma)) throw new HttpError(400, CUENTAS_MSG.formaInvalida);
  const referencia = body.referencia?.trim() || null;
  if (referencia && referencia.length > 100) throw new HttpError(400, CUENTAS_MSG.referenciaLarga);

  let pedidas: Array<{ FAC_CODIGO: number; valor: bigint }> | undefined;
  if (body.aplicaciones?.length) {
    pedidas = body.aplicaciones.map((x) => {
      const c = centavos(x.valor);
      if (c === null) throw new HttpError(400, CUENTAS_MSG.aplicacionInvalida);
      return { FAC_CODIGO: x.FAC_CODIGO, valor: c };
    });
    if (new Set(pedidas.map((x) => x.FAC_CODIGO)).size !== pedidas.length) throw new HttpError(400, CUENTAS_MSG.facturaRepetida);
    const suma = pedidas.reduce((s, x) => s + x.valor, 0n);
    if (suma !== valor) throw new HttpError(400, CUENTAS_MSG.sumaDistinta(usd(suma), usd(valor)));
  }

  const a = { ...base, cliente };
  const id = await db.transaction(async (tx) => {
    const facturas = await bloquearFacturas(
      tx,
      a,
      pedidas?.map((x) => x.FAC_CODIGO),
    );
    let aplicaciones: Array<{ FAC_CODIGO: number; valor: string }>;
    if (pedidas) {
      const porId = new Map(facturas.map((f) => [f.FAC_CODIGO, f]));
      aplicaciones = pedidas.map((x) => {
        const f = porId.get(x.FAC_CODIGO);
        // Another company's invoice, or none: not found, as everywhere.
        if (!f) throw new HttpError(404, MSG.notFound);
        const numero = f.FAC_NUMERO ?? `#${f.FAC_CODIGO}`;
        if (f.FAC_TIPO !== '01') throw new HttpError(400, CUENTAS_MSG.noEsFactura(numero));
        if (f.CLI_CODIGO !== cliente) throw new HttpError(400, CUENTAS_MSG.facturaAjena(numero));
        if (f.FAC_ESTADO !== 'AUTORIZADA') throw new HttpError(400, CUENTAS_MSG.facturaNoAutorizada(numero));
        if (x.valor > deuda(f.saldo)) throw new HttpError(400, CUENTAS_MSG.excedeFactura(numero, f.saldo));
        return { FAC_CODIGO: x.FAC_CODIGO, valor: usd(x.valor) };
      });
    } else {
      // The oldest due first (bloquearFacturas orders them so), each up to what it owes.
      const pendientes = facturas.map((f) => ({ ...f, debe: deuda(f.saldo) })).filter((f) => f.debe > 0n);
      const total = pendientes.reduce((s, f) => s + f.debe, 0n);
      if (total === 0n) throw new HttpError(400, CUENTAS_MSG.sinSaldo);
      if (valor > total) throw new HttpError(400, CUENTAS_MSG.excedeSaldo(usd(total)));
      let resto = valor;
      aplicaciones = [];
      for (const f of pendientes) {
        if (resto === 0n) break;
        const parte = f.debe < resto ? f.debe : resto;
        aplicaciones.push({ FAC_CODIGO: f.FAC_CODIGO, valor: usd(parte) });
        resto -= parte;
      }
    }
    return insertarCobro(
      tx,
      { empresa: a.empresa, cliente, fecha, valor: usd(valor), forma: body.forma, referencia, usuario: actor.usuario },
      aplicaciones,
    );
  });
  return (await cobroPorId(db, a.empresa, id))!;
}

/** Undoes a collection: kept in the history with who, when and why; its amounts go back to the invoices' balances. */
export async function deshacerCobro(db: Db, actor: CompanyActor, cobro: number, motivo: string): Promise<Cobro> {
  const razon = motivo.trim().replace(/\s+/g, ' ');
  if (!razon) throw new HttpError(400, CUENTAS_MSG.motivoRequerido);
  const a = clientScopeValues(actor);
  await db.transaction(async (tx) => {
    const row = found(await bloquearCobro(tx, a, cobro));
    if (row.anulado) throw new HttpError(409, CUENTAS_MSG.yaAnulado);
    await anularCobro(tx, cobro, razon, actor.usuario);
  });
  return (await cobroPorId(db, a.empresa, cobro))!;
}

/** How the statement names a movement: "Nota de crédito 001-001-000000004 (factura 001-001-000000123)". */
function concepto(m: FilaMovimiento): string {
  switch (m.tipo) {
    case 'factura':
      return `Factura ${m.numero ?? `#${m.id}`}`;
    case 'notaCredito':
      return `Nota de crédito ${m.numero ?? `#${m.id}`} (factura ${m.factura ?? ''})`;
    case 'notaDebito':
      return `Nota de débito ${m.numero ?? `#${m.id}`} (factura ${m.factura ?? ''})`;
    default:
      // A client's retención applied has no forma: its number names it (its reference says the same).
      return m.forma ? ['Cobro', nombreCobro(m.forma, null), m.referencia].filter(Boolean).join(' · ') : nombreCobro(null, m.numero);
  }
}

/** The statement's movements of one client's invoices (a period of their dates), with the running balance. */
export async function movimientos(db: Db, a: Alcance & { cliente: number }): Promise<Movimiento[]> {
  return (await movimientosDelCliente(db, a)).map((m) => ({
    fecha: m.fecha,
    tipo: m.tipo,
    id: m.id,
    numero: m.numero,
    factura: m.factura,
    concepto: concepto(m),
    debe: m.debe,
    haber: m.haber,
    saldo: m.saldo,
  }));
}

/** The aging of the company's receivable (a seller: their clients'), per client and in total, as of Ecuador's today. */
export async function cartera(db: Db, viewer: ClientViewer): Promise<Cartera> {
  const a = alcance(viewer);
  const [clientes, totales] = await Promise.all([carteraPorCliente(db, a), carteraTotales(db, a)]);
  return { hoy: a.hoy, clientes, totales };
}

/** One client's aging (404 for a client the caller may not see): its invoices that owe, each in its bucket, the oldest due first. */
export async function carteraDelCliente(db: Db, viewer: ClientViewer, id: number): Promise<CarteraDeCliente> {
  const client = await findVisibleClient(db, viewer, id);
  const a = { ...alcance(viewer), cliente: id };
  const [facturas, totales] = await Promise.all([facturasDelCliente(db, a), carteraTotales(db, a)]);
  return {
    cliente: { CLI_CODIGO: client.CLI_CODIGO, CLI_IDENTIFICACION: client.CLI_IDENTIFICACION, CLI_RAZON_SOCIAL: client.CLI_RAZON_SOCIAL },
    hoy: a.hoy,
    facturas: facturas.filter((f) => f.saldo !== '0.00').map((f) => ({ ...f, tramo: tramoCartera(f.diasVencida) })),
    totales,
  };
}
