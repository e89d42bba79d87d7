import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { nombreFormaPago } from '../../../domain/facturas/catalogos';
import type { CarteraCliente, Cobro, FacturaCuenta, Saldo, SaldoCliente, Tramos } from './contract';

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
 * The invoices that count in an account (AUTORIZADA only) with their due date and what was collected of each: the
 * due date is FAC_FECHA plus the longest term of its payments (dias, meses, anios; another unit counts as days), the
 * invoice's date when none has a term; collected is the sum of the applications of collections not undone.
 */
function facturasCuenta(a: Alcance): SQL {
  const conditions: SQL[] = [sql`f.emp_codigo = ${a.empresa}`, sql`c.emp_codigo = ${a.empresa}`, sql`f.fac_estado = 'AUTORIZADA'`];
  if (a.vendedor !== undefined) conditions.push(sql`c.cli_vendedor = ${a.vendedor}`);
  if (a.cliente !== undefined) conditions.push(sql`f.cli_codigo = ${a.cliente}`);
  if (a.desde) conditions.push(sql`f.fac_fecha >= ${a.desde}::date`);
  if (a.hasta) conditions.push(sql`f.fac_fecha <= ${a.hasta}::date`);
  return sql`SELECT f.fac_codigo, f.cli_codigo, f.fac_numero, f.fac_fecha, f.fac_total,
      ${VENCIMIENTO} AS vencimiento, ${COBRADO} AS cobrado
    FROM facturas f JOIN clientes c ON c.cli_codigo = f.cli_codigo
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** The totals of a set of invoice rows (facturasCuenta's), as Saldo. */
const totales = (hoy: string) => sql`
  ${dinero(sql`sum(x.fac_total)`)} AS facturado,
  ${dinero(sql`sum(x.cobrado)`)} AS cobrado,
  ${dinero(sql`sum(x.fac_total - x.cobrado)`)} AS saldo,
  ${dinero(sql`sum(x.fac_total - x.cobrado) FILTER (WHERE x.vencimiento < ${hoy}::date)`)} AS vencido,
  count(*)::int AS facturas,
  (count(*) FILTER (WHERE x.fac_total > x.cobrado))::int AS pendientes,
  (count(*) FILTER (WHERE x.fac_total > x.cobrado AND x.vencimiento < ${hoy}::date))::int AS vencidas`;

export async function saldo(db: Executor, a: Alcance): Promise<Saldo> {
  const [row] = await filas<Saldo>(db, sql`SELECT ${totales(a.hoy)} FROM (${facturasCuenta(a)}) x`);
  return row!;
}

/** The company's receivable (or a seller's): the totals and how many clients owe. */
export async function valorNeto(db: Executor, a: Alcance): Promise<Saldo & { clientes: number }> {
  const [row] = await filas<Saldo & { clientes: number }>(
    db,
    sql`SELECT ${totales(a.hoy)}, (count(DISTINCT x.cli_codigo) FILTER (WHERE x.fac_total > x.cobrado))::int AS clientes
        FROM (${facturasCuenta(a)}) x`,
  );
  return row!;
}

export async function valorFacturado(db: Executor, a: Alcance): Promise<{ facturas: number; total: string }> {
  const [row] = await filas<{ facturas: number; total: string }>(
    db,
    sql`SELECT count(*)::int AS facturas, ${dinero(sql`sum(x.fac_total)`)} AS total FROM (${facturasCuenta(a)}) x`,
  );
  return row!;
}

/** The client's invoices with due date, collected, balance and days overdue: the oldest due first. */
export function facturasDelCliente(db: Executor, a: Alcance): Promise<FacturaCuenta[]> {
  return filas<FacturaCuenta>(
    db,
    sql`SELECT x.fac_codigo AS "FAC_CODIGO", x.fac_numero AS "FAC_NUMERO", x.fac_fecha::text AS "FAC_FECHA",
          x.vencimiento::text AS vencimiento, x.fac_total::text AS "FAC_TOTAL", ${dinero(sql`x.cobrado`)} AS cobrado,
          ${dinero(sql`x.fac_total - x.cobrado`)} AS saldo,
          (CASE WHEN x.fac_total > x.cobrado AND x.vencimiento < ${a.hoy}::date THEN ${a.hoy}::date - x.vencimiento ELSE 0 END)::int AS "diasVencida"
        FROM (${facturasCuenta(a)}) x
        ORDER BY x.vencimiento, x.fac_fecha, x.fac_codigo`,
  );
}

type FilaCobro = Omit<Cobro, 'forma'>;

/** Collections with their applications, the newest first: one client's (in a period), or one by its id. */
async function leerCobros(db: Executor, empresa: number, where: SQL): Promise<Cobro[]> {
  const rows = await filas<FilaCobro>(
    db,
    sql`SELECT k.cob_codigo AS "COB_CODIGO", k.cli_codigo AS "CLI_CODIGO", k.cob_fecha::text AS "COB_FECHA",
          k.cob_valor::text AS "COB_VALOR", k.cob_forma AS "COB_FORMA", k.cob_referencia AS "COB_REFERENCIA",
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
        LEFT JOIN usuarios u ON u.usu_codigo = k.usu_codigo
        LEFT JOIN usuarios ua ON ua.usu_codigo = k.usu_anulacion
        WHERE k.emp_codigo = ${empresa} AND ${where}
        ORDER BY k.cob_fecha DESC, k.cob_codigo DESC`,
  );
  return rows.map((r) => ({
    ...r,
    forma: nombreFormaPago(r.COB_FORMA) ?? r.COB_FORMA,
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

/** An invoice of the company as a collection sees it once its row is locked: its client, state, number and balance. */
export type FacturaBloqueada = { FAC_CODIGO: number; CLI_CODIGO: number; FAC_ESTADO: string; FAC_NUMERO: string | null; saldo: string };

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
      ? sql`f.cli_codigo = ${a.cliente} AND f.fac_estado = 'AUTORIZADA'`
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
    sql`SELECT f.fac_codigo AS "FAC_CODIGO", f.cli_codigo AS "CLI_CODIGO", f.fac_estado AS "FAC_ESTADO", f.fac_numero AS "FAC_NUMERO",
          ${dinero(sql`f.fac_total - ${COBRADO}`)} AS saldo, ${VENCIMIENTO} AS vencimiento
        FROM facturas f WHERE f.fac_codigo IN (${found})
        ORDER BY vencimiento, f.fac_fecha, f.fac_codigo`,
  );
}

export async function insertarCobro(
  db: Executor,
  cobro: { empresa: number; cliente: number; fecha: string; valor: string; forma: string; referencia: string | null; usuario: number },
  aplicaciones: Array<{ FAC_CODIGO: number; valor: string }>,
): Promise<number> {
  const [row] = await filas<{ id: number }>(
    db,
    sql`INSERT INTO cobros (emp_codigo, cli_codigo, cob_fecha, cob_valor, cob_forma, cob_referencia, usu_codigo)
        VALUES (${cobro.empresa}, ${cobro.cliente}, ${cobro.fecha}::date, ${cobro.valor}::numeric, ${cobro.forma}, ${cobro.referencia}, ${cobro.usuario})
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
          ${dinero(sql`sum(x.fac_total)`)} AS facturado, ${dinero(sql`sum(x.cobrado)`)} AS cobrado,
          ${dinero(sql`sum(x.fac_total - x.cobrado)`)} AS saldo,
          ${dinero(sql`sum(x.fac_total - x.cobrado) FILTER (WHERE x.vencimiento < ${a.hoy}::date)`)} AS vencido
        FROM (${facturasCuenta(a)}) x JOIN clientes c ON c.cli_codigo = x.cli_codigo
        GROUP BY c.cli_codigo, c.cli_identificacion, c.cli_razon_social
        HAVING sum(x.fac_total - x.cobrado) <> 0
        ORDER BY c.cli_razon_social, c.cli_codigo`,
  );
}

/** What each invoice of the scope still owes, and its days overdue as of `hoy` (0 or less: not yet due). */
const pendientes = (a: Alcance) =>
  sql`SELECT x.cli_codigo, x.fac_total - x.cobrado AS saldo, ${a.hoy}::date - x.vencimiento AS dias
      FROM (${facturasCuenta(a)}) x WHERE x.fac_total <> x.cobrado`;

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
