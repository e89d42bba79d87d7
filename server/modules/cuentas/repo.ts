import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { nombreFormaPago } from '../../../domain/facturas/catalogos';
import type { CarteraCliente, Cobro, FacturaCuenta, Movimiento, Saldo, SaldoCliente, Tramos } from './contract';

/**
 * Whose invoices a query reads: the company's (from the token), a seller's clients only, one client, a period of
 * FAC_FECHA (and of COB_FECHA for the collections). `hoy` is Ecuador's date: what "overdue" is measured against.
 */
export type Alcance = { empresa: number; vendedor?: number; cliente?: number; desde?: string; hasta?: string; hoy: string };

type Filas<T> = { rows: T[] };
const filas = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as Filas<T>).rows;

/** Money as the API gives it: numeric rounded to cents, written with its 2 decimals ("0.00", "12.50"). */
const dinero = (expr: SQL) => sql`(coalesce(${expr}, 0))::numeric(16, 2)::text`;
const isoUtc = (expr: SQL) => sql`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The due date of invoice `f`: its date plus the longest term of its payments (dias, meses, anios; another unit counts as days). */
const VENCIMIENTO = sql`coalesce((
    SELECT max((f.fac_fecha + CASE
        WHEN lower(p.fpa_unidad) IN ('meses', 'mes') THEN make_interval(months => p.fpa_plazo)
        WHEN lower(p.fpa_unidad) IN ('anios', 'años', 'anio', 'año') THEN make_interval(years => p.fpa_plazo)
        ELSE make_interval(days => p.fpa_plazo) END)::date)
    FROM facturas_pagos p WHERE p.fac_codigo = f.fac_codigo AND p.fpa_plazo > 0
  ), f.fac_fecha)`;
/** What was collected of invoice `f`: its applications of collections not undone. */
const COBRADO = sql`coalesce((
    SELECT sum(cf.cfa_valor) FROM cobros_facturas cf JOIN cobros k ON k.cob_codigo = cf.cob_codigo
    WHERE cf.fac_codigo = f.fac_codigo AND NOT k.cob_anulado
  ), 0)`;
/**
 * The sum of invoice `f`'s AUTORIZADA notes of one type ('04' crédito, '05' débito): a note in any other state
 * (draft, waiting for the SRI, refused, ANULADA) counts for nothing. The partial index facturas_modifica finds them.
 */
const NOTAS = (tipo: '04' | '05') => sql`coalesce((
    SELECT sum(n.fac_total) FROM facturas n
    WHERE n.fac_modifica = f.fac_codigo AND n.emp_codigo = f.emp_codigo AND n.fac_tipo = ${tipo} AND n.fac_estado = 'AUTORIZADA'
  ), 0)`;
/** What invoice `f` owes: its total, plus its debit notes, minus its credit notes and what was collected of it. */
const DEBE = sql`f.fac_total + ${NOTAS('05')} - ${NOTAS('04')} - ${COBRADO}`;

/**
 * The invoices that count in an account (FAC_TIPO '01', AUTORIZADA only) with their due date, their notes and what was
 * collected of each: the due date is FAC_FECHA plus the longest term of its payments (dias, meses, anios; another unit
 * counts as days), the invoice's date when none has a term; a note's amount follows its invoice (its due date, its
 * period); collected is the sum of the applications of collections not undone. `importe` is what the invoice amounts
 * to after its notes, `debe` what is left of it after the collections.
 */
function facturasCuenta(a: Alcance): SQL {
  return sql`SELECT y.*, y.fac_total + y.debitos - y.creditos AS importe, y.fac_total + y.debitos - y.creditos - y.cobrado AS debe
    FROM (SELECT f.fac_codigo, f.cli_codigo, f.fac_numero, f.fac_fecha, f.fac_total,
      ${VENCIMIENTO} AS vencimiento, ${COBRADO} AS cobrado, ${NOTAS('04')} AS creditos, ${NOTAS('05')} AS debitos
    FROM facturas f JOIN clientes c ON c.cli_codigo = f.cli_codigo
    WHERE ${condicionesFacturas(a)}) y`;
}

/** The invoices of the scope (the company's AUTORIZADA invoices, a seller's clients, one client, a period), as `f`. */
function condicionesFacturas(a: Alcance): SQL {
  const conditions: SQL[] = [
    sql`f.emp_codigo = ${a.empresa}`,
    sql`c.emp_codigo = ${a.empresa}`,
    sql`f.fac_tipo = '01'`,
    sql`f.fac_estado = 'AUTORIZADA'`,
  ];
  if (a.vendedor !== undefined) conditions.push(sql`c.cli_vendedor = ${a.vendedor}`);
  if (a.cliente !== undefined) conditions.push(sql`f.cli_codigo = ${a.cliente}`);
  if (a.desde) conditions.push(sql`f.fac_fecha >= ${a.desde}::date`);
  if (a.hasta) conditions.push(sql`f.fac_fecha <= ${a.hasta}::date`);
  return sql.join(conditions, sql` AND `);
}

/**
 * The totals of a set of invoice rows (facturasCuenta's), as Saldo: facturado is what the invoices amount to after
 * their notes (so that saldo is still facturado − cobrado).
 */
const totales = (hoy: string) => sql`
  ${dinero(sql`sum(x.importe)`)} AS facturado,
  ${dinero(sql`sum(x.cobrado)`)} AS cobrado,
  ${dinero(sql`sum(x.debe)`)} AS saldo,
  ${dinero(sql`sum(x.debe) FILTER (WHERE x.vencimiento < ${hoy}::date)`)} AS vencido,
  count(*)::int AS facturas,
  (count(*) FILTER (WHERE x.debe > 0))::int AS pendientes,
  (count(*) FILTER (WHERE x.debe > 0 AND x.vencimiento < ${hoy}::date))::int AS vencidas`;

export async function saldo(db: Executor, a: Alcance): Promise<Saldo> {
  const [row] = await filas<Saldo>(db, sql`SELECT ${totales(a.hoy)} FROM (${facturasCuenta(a)}) x`);
  return row!;
}

/** The company's receivable (or a seller's): the totals and how many clients owe. */
export async function valorNeto(db: Executor, a: Alcance): Promise<Saldo & { clientes: number }> {
  const [row] = await filas<Saldo & { clientes: number }>(
    db,
    sql`SELECT ${totales(a.hoy)}, (count(DISTINCT x.cli_codigo) FILTER (WHERE x.debe > 0))::int AS clientes
        FROM (${facturasCuenta(a)}) x`,
  );
  return row!;
}

export async function valorFacturado(db: Executor, a: Alcance): Promise<{ facturas: number; total: string }> {
  const [row] = await filas<{ facturas: number; total: string }>(
    db,
    sql`SELECT count(*)::int AS facturas, ${dinero(sql`sum(x.importe)`)} AS total FROM (${facturasCuenta(a)}) x`,
  );
  return row!;
}

/** The client's invoices with due date, their notes, collected, balance and days overdue: the oldest due first. */
export function facturasDelCliente(db: Executor, a: Alcance): Promise<FacturaCuenta[]> {
  return filas<FacturaCuenta>(
    db,
    sql`SELECT x.fac_codigo AS "FAC_CODIGO", x.fac_numero AS "FAC_NUMERO", x.fac_fecha::text AS "FAC_FECHA",
          x.vencimiento::text AS vencimiento, x.fac_total::text AS "FAC_TOTAL",
          ${dinero(sql`x.creditos`)} AS "notasCredito", ${dinero(sql`x.debitos`)} AS "notasDebito", ${dinero(sql`x.cobrado`)} AS cobrado,
          ${dinero(sql`x.debe`)} AS saldo,
          (CASE WHEN x.debe > 0 AND x.vencimiento < ${a.hoy}::date THEN ${a.hoy}::date - x.vencimiento ELSE 0 END)::int AS "diasVencida"
        FROM (${facturasCuenta(a)}) x
        ORDER BY x.vencimiento, x.fac_fecha, x.fac_codigo`,
  );
}

/**
 * A movement as the database gives it; its text (concepto) is written by the service. A collection that applies a
 * client's retención has no forma and its numero is the retención's.
 */
export type FilaMovimiento = Omit<Movimiento, 'concepto'> & { forma: string | null; referencia: string | null };

/**
 * The movements of the scope's invoices (one client's, in a period of their dates) in date order with the running
 * balance: each invoice (debit), its AUTORIZADA notes (a débito note a debit, a crédito note a credit, on the note's
 * date) and the collections not undone applied to them (a credit on the collection's date, the sum of what it applied
 * to those invoices). On the same day an invoice comes before its notes, and the notes before the collections. The
 * last running balance is the scope's saldo.
 */
export function movimientosDelCliente(db: Executor, a: Alcance): Promise<FilaMovimiento[]> {
  return filas<FilaMovimiento>(
    db,
    sql`WITH f AS (
          SELECT f.fac_codigo, f.fac_numero, f.fac_fecha, f.fac_total, f.emp_codigo
          FROM facturas f JOIN clientes c ON c.cli_codigo = f.cli_codigo WHERE ${condicionesFacturas(a)}
        ), m AS (
          SELECT f.fac_fecha AS fecha, 1 AS orden, 'factura' AS tipo, f.fac_codigo AS id, f.fac_numero AS numero,
            NULL::varchar AS factura, f.fac_total AS debe, 0::numeric AS haber, NULL::varchar AS forma, NULL::varchar AS referencia
          FROM f
          UNION ALL
          SELECT n.fac_fecha, CASE n.fac_tipo WHEN '05' THEN 2 ELSE 3 END, CASE n.fac_tipo WHEN '05' THEN 'notaDebito' ELSE 'notaCredito' END,
            n.fac_codigo, n.fac_numero, f.fac_numero,
            CASE n.fac_tipo WHEN '05' THEN n.fac_total ELSE 0 END, CASE n.fac_tipo WHEN '04' THEN n.fac_total ELSE 0 END, NULL, NULL
          FROM f JOIN facturas n ON n.fac_modifica = f.fac_codigo AND n.emp_codigo = f.emp_codigo
          WHERE n.fac_tipo IN ('04', '05') AND n.fac_estado = 'AUTORIZADA'
          UNION ALL
          SELECT k.cob_fecha, 4, 'cobro', k.cob_codigo, r.rec_numero, NULL, 0, sum(cf.cfa_valor), k.cob_forma, k.cob_referencia
          FROM f JOIN cobros_facturas cf ON cf.fac_codigo = f.fac_codigo JOIN cobros k ON k.cob_codigo = cf.cob_codigo
          LEFT JOIN recibidos r ON r.rec_codigo = k.rec_codigo
          WHERE NOT k.cob_anulado
          GROUP BY k.cob_codigo, k.cob_fecha, k.cob_forma, k.cob_referencia, r.rec_numero
        )
        SELECT m.fecha::text AS fecha, m.tipo, m.id, m.numero, m.factura, m.forma, m.referencia,
          ${dinero(sql`m.debe`)} AS debe, ${dinero(sql`m.haber`)} AS haber,
          ${dinero(sql`sum(m.debe - m.haber) OVER (ORDER BY m.fecha, m.orden, m.id ROWS UNBOUNDED PRECEDING)`)} AS saldo
        FROM m ORDER BY m.fecha, m.orden, m.id`,
  );
}

type FilaCobro = Omit<Cobro, 'forma'> & { retencion: string | null };

/** How a collection names what paid it: the forma de pago's name, or the client's retención it applies. */
export const nombreCobro = (forma: string | null, retencion: string | null) =>
  forma ? (nombreFormaPago(forma) ?? forma) : `Retención ${retencion ?? ''}`.trim();

/** Collections with their applications, the newest first: one client's (in a period), or one by its id. */
async function leerCobros(db: Executor, empresa: number, where: SQL): Promise<Cobro[]> {
  const rows = await filas<FilaCobro>(
    db,
    sql`SELECT k.cob_codigo AS "COB_CODIGO", k.cli_codigo AS "CLI_CODIGO", k.cob_fecha::text AS "COB_FECHA",
          k.cob_valor::text AS "COB_VALOR", k.cob_forma AS "COB_FORMA", k.rec_codigo AS "REC_CODIGO", r.rec_numero AS retencion,
          k.cob_referencia AS "COB_REFERENCIA",
          k.cob_anulado AS "COB_ANULADO", k.cob_anulacion_motivo AS "COB_ANULACION_MOTIVO",
          ${isoUtc(sql`k.cob_anulacion_fecha`)} AS "COB_ANULACION_FECHA",
          coalesce(ua.usu_nombre, ua.usu_usuario) AS "anuladoPor", coalesce(u.usu_nombre, u.usu_usuario) AS usuario,
          ${isoUtc(sql`k.cob_creado`)} AS "COB_CREADO",
          coalesce((
            SELECT json_agg(json_build_object('FAC_CODIGO', f.fac_codigo, 'FAC_NUMERO', f.fac_numero, 'valor', cf.cfa_valor::text)
                            ORDER BY f.fac_fecha, f.fac_codigo)
            FROM cobros_facturas cf JOIN facturas f ON f.fac_codigo = cf.fac_codigo WHERE cf.cob_codigo = k.cob_codigo
          ), '[]'::json) AS aplicaciones
        FROM cobros k
        LEFT JOIN recibidos r ON r.rec_codigo = k.rec_codigo
        LEFT JOIN usuarios u ON u.usu_codigo = k.usu_codigo
        LEFT JOIN usuarios ua ON ua.usu_codigo = k.usu_anulacion
        WHERE k.emp_codigo = ${empresa} AND ${where}
        ORDER BY k.cob_fecha DESC, k.cob_codigo DESC`,
  );
  return rows.map(({ retencion, ...r }) => ({
    ...r,
    forma: nombreCobro(r.COB_FORMA, retencion),
    aplicaciones: typeof r.aplicaciones === 'string' ? JSON.parse(r.aplicaciones) : r.aplicaciones,
  }));
}

export function cobrosDelCliente(db: Executor, a: Alcance & { cliente: number }): Promise<Cobro[]> {
  const conditions: SQL[] = [sql`k.cli_codigo = ${a.cliente}`];
  if (a.desde) conditions.push(sql`k.cob_fecha >= ${a.desde}::date`);
  if (a.hasta) conditions.push(sql`k.cob_fecha <= ${a.hasta}::date`);
  return leerCobros(db, a.empresa, sql.join(conditions, sql` AND `));
}

export async function cobroPorId(db: Executor, empresa: number, cobro: number): Promise<Cobro | undefined> {
  return (await leerCobros(db, empresa, sql`k.cob_codigo = ${cobro}`))[0];
}

/**
 * A collection of the company whose client the caller may see (a seller: one of theirs), locked for the rest of the
 * transaction; undefined otherwise.
 */
export async function bloquearCobro(db: Executor, a: { empresa: number; vendedor?: number }, cobro: number) {
  const seller = a.vendedor === undefined ? sql`` : sql` AND c.cli_vendedor = ${a.vendedor}`;
  const [row] = await filas<{ anulado: boolean }>(
    db,
    sql`SELECT k.cob_anulado AS anulado FROM cobros k JOIN clientes c ON c.cli_codigo = k.cli_codigo
        WHERE k.cob_codigo = ${cobro} AND k.emp_codigo = ${a.empresa} AND c.emp_codigo = ${a.empresa}${seller}
        FOR UPDATE OF k`,
  );
  return row;
}

export async function anularCobro(db: Executor, cobro: number, motivo: string, usuario: number) {
  await db.execute(
    sql`UPDATE cobros SET cob_anulado = true, cob_anulacion_motivo = ${motivo}, cob_anulacion_fecha = now(), usu_anulacion = ${usuario}
        WHERE cob_codigo = ${cobro}`,
  );
}

/**
 * A document of the company as a collection sees it once its row is locked: its type (a note is named to be refused),
 * client, state, number and what it owes after its notes and collections.
 */
export type FacturaBloqueada = {
  FAC_CODIGO: number;
  FAC_TIPO: string;
  CLI_CODIGO: number | null;
  FAC_ESTADO: string;
  FAC_NUMERO: string | null;
  saldo: string;
};

/**
 * Locks the company's invoices (FOR UPDATE, in FAC_CODIGO order so that two collections never wait on each other in a
 * cycle): the ones named, or every AUTORIZADA one of the client. Their balances are read after the lock, so that a
 * collection committed meanwhile is counted. The client's ones come back the oldest due first.
 */
export async function bloquearFacturas(
  db: Executor,
  a: Alcance & { cliente: number },
  ids: number[] | undefined,
): Promise<FacturaBloqueada[]> {
  const which =
    ids === undefined
      ? sql`f.cli_codigo = ${a.cliente} AND f.fac_tipo = '01' AND f.fac_estado = 'AUTORIZADA'`
      : sql`f.fac_codigo IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const locked = await filas<{ fac_codigo: number }>(
    db,
    sql`SELECT f.fac_codigo FROM facturas f WHERE f.emp_codigo = ${a.empresa} AND ${which} ORDER BY f.fac_codigo FOR UPDATE`,
  );
  if (locked.length === 0) return [];
  const found = sql.join(
    locked.map((r) => sql`${r.fac_codigo}`),
    sql`, `,
  );
  return filas<FacturaBloqueada>(
    db,
    sql`SELECT f.fac_codigo AS "FAC_CODIGO", f.fac_tipo AS "FAC_TIPO", f.cli_codigo AS "CLI_CODIGO", f.fac_estado AS "FAC_ESTADO",
          f.fac_numero AS "FAC_NUMERO", ${dinero(DEBE)} AS saldo, ${VENCIMIENTO} AS vencimiento
        FROM facturas f WHERE f.fac_codigo IN (${found})
        ORDER BY vencimiento, f.fac_fecha, f.fac_codigo`,
  );
}

/**
 * The company's documents of type 01 (facturas) with these numbers, with their client's identification: what a client's
 * retención names. Not locked: bloquearFacturas locks the ones found.
 */
export function facturasPorNumero(
  db: Executor,
  empresa: number,
  numeros: string[],
): Promise<Array<{ FAC_CODIGO: number; FAC_NUMERO: string; CLI_IDENTIFICACION: string | null }>> {
  if (numeros.length === 0) return Promise.resolve([]);
  return filas(
    db,
    sql`SELECT f.fac_codigo AS "FAC_CODIGO", f.fac_numero AS "FAC_NUMERO", c.cli_identificacion AS "CLI_IDENTIFICACION"
        FROM facturas f LEFT JOIN clientes c ON c.cli_codigo = f.cli_codigo
        WHERE f.emp_codigo = ${empresa} AND f.fac_tipo = '01' AND f.fac_numero IN (${sql.join(
          numeros.map((n) => sql`${n}`),
          sql`, `,
        )})
        ORDER BY f.fac_codigo`,
  );
}

/** A collection paid by a forma de pago, or (forma null) by the client's retención received as `recibido`. */
export async function insertarCobro(
  db: Executor,
  cobro: {
    empresa: number;
    cliente: number;
    fecha: string;
    valor: string;
    referencia: string | null;
    usuario: number;
  } & ({ forma: string; recibido?: undefined } | { forma: null; recibido: number }),
  aplicaciones: Array<{ FAC_CODIGO: number; valor: string }>,
): Promise<number> {
  const [row] = await filas<{ id: number }>(
    db,
    sql`INSERT INTO cobros (emp_codigo, cli_codigo, cob_fecha, cob_valor, cob_forma, rec_codigo, cob_referencia, usu_codigo)
        VALUES (${cobro.empresa}, ${cobro.cliente}, ${cobro.fecha}::date, ${cobro.valor}::numeric, ${cobro.forma}, ${cobro.recibido ?? null},
          ${cobro.referencia}, ${cobro.usuario})
        RETURNING cob_codigo AS id`,
  );
  const id = row!.id;
  await db.execute(
    sql`INSERT INTO cobros_facturas (cob_codigo, fac_codigo, cfa_valor) VALUES ${sql.join(
      aplicaciones.map((x) => sql`(${id}, ${x.FAC_CODIGO}, ${x.valor}::numeric)`),
      sql`, `,
    )}`,
  );
  return id;
}

/** Every client of the scope that owes (balance other than zero), by name: the balances report. */
export function saldosPorCliente(db: Executor, a: Alcance): Promise<SaldoCliente[]> {
  return filas<SaldoCliente>(
    db,
    sql`SELECT c.cli_codigo AS "CLI_CODIGO", c.cli_identificacion AS "CLI_IDENTIFICACION", c.cli_razon_social AS "CLI_RAZON_SOCIAL",
          ${dinero(sql`sum(x.importe)`)} AS facturado, ${dinero(sql`sum(x.cobrado)`)} AS cobrado,
          ${dinero(sql`sum(x.debe)`)} AS saldo,
          ${dinero(sql`sum(x.debe) FILTER (WHERE x.vencimiento < ${a.hoy}::date)`)} AS vencido
        FROM (${facturasCuenta(a)}) x JOIN clientes c ON c.cli_codigo = x.cli_codigo
        GROUP BY c.cli_codigo, c.cli_identificacion, c.cli_razon_social
        HAVING sum(x.debe) <> 0
        ORDER BY c.cli_razon_social, c.cli_codigo`,
  );
}

/**
 * What each invoice of the scope still owes after its notes and collections, and its days overdue as of `hoy` (0 or
 * less: not yet due): a note's amount falls in its invoice's bucket.
 */
const pendientes = (a: Alcance) =>
  sql`SELECT x.cli_codigo, x.debe AS saldo, ${a.hoy}::date - x.vencimiento AS dias
      FROM (${facturasCuenta(a)}) x WHERE x.debe <> 0`;

/** The balance of a set of pendientes rows split in the aging buckets (Tramos). */
const TRAMOS = sql`
  ${dinero(sql`sum(y.saldo) FILTER (WHERE y.dias <= 0)`)} AS "porVencer",
  ${dinero(sql`sum(y.saldo) FILTER (WHERE y.dias BETWEEN 1 AND 30)`)} AS "dias1a30",
  ${dinero(sql`sum(y.saldo) FILTER (WHERE y.dias BETWEEN 31 AND 60)`)} AS "dias31a60",
  ${dinero(sql`sum(y.saldo) FILTER (WHERE y.dias BETWEEN 61 AND 90)`)} AS "dias61a90",
  ${dinero(sql`sum(y.saldo) FILTER (WHERE y.dias > 90)`)} AS "mas90",
  ${dinero(sql`sum(y.saldo)`)} AS saldo`;

/** The aging of every client of the scope that owes, by name. */
export function carteraPorCliente(db: Executor, a: Alcance): Promise<CarteraCliente[]> {
  return filas<CarteraCliente>(
    db,
    sql`SELECT c.cli_codigo AS "CLI_CODIGO", c.cli_identificacion AS "CLI_IDENTIFICACION", c.cli_razon_social AS "CLI_RAZON_SOCIAL", ${TRAMOS}
        FROM (${pendientes(a)}) y JOIN clientes c ON c.cli_codigo = y.cli_codigo
        GROUP BY c.cli_codigo, c.cli_identificacion, c.cli_razon_social
        ORDER BY c.cli_razon_social, c.cli_codigo`,
  );
}

/** The aging of the whole scope (the company, a seller's clients, one client): zeros when nothing is owed. */
export async function carteraTotales(db: Executor, a: Alcance): Promise<Tramos> {
  const [row] = await filas<Tramos>(db, sql`SELECT ${TRAMOS} FROM (${pendientes(a)}) y`);
  return row!;
}
