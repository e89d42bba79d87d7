import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import type { CuentaProveedor, DocumentoProveedor, TipoDocumentoProveedor } from './contract';

type Filas<T> = { rows: T[] };
const filas = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as Filas<T>).rows;

/** Money as the API gives it: numeric rounded to cents, written with its 2 decimals ("0.00", "12.50"). */
const dinero = (expr: SQL) => sql`(coalesce(${expr}, 0))::numeric(16, 2)::text`;

export type Cuenta = { empresa: number; proveedor: number };

/** The company's supplier (undefined for another company's or a missing one). */
export async function proveedorDeLaEmpresa(db: Executor, c: Cuenta): Promise<CuentaProveedor['proveedor'] | undefined> {
  const [row] = await filas<CuentaProveedor['proveedor']>(
    db,
    sql`SELECT prv_codigo AS "PRV_CODIGO", prv_identificacion AS "PRV_IDENTIFICACION", prv_razon_social AS "PRV_RAZON_SOCIAL"
        FROM proveedores WHERE prv_codigo = ${c.proveedor} AND emp_codigo = ${c.empresa}`,
  );
  return row;
}

/**
 * What the company's AUTORIZADA retenciones withhold of one support document, `s` the rows of retenciones_sustentos
 * that name it: a draft, one waiting for the SRI, refused or annulled withholds nothing.
 */
const RETENIDO = (empresa: number, cual: SQL) => sql`coalesce((
    SELECT sum(d.rde_valor) FROM retenciones_sustentos s
    JOIN retenciones_detalles d ON d.fac_codigo = s.fac_codigo AND d.rsu_linea = s.rsu_linea
    JOIN facturas t ON t.fac_codigo = s.fac_codigo
    WHERE t.emp_codigo = ${empresa} AND t.fac_tipo = '07' AND t.fac_estado = 'AUTORIZADA' AND ${cual}
  ), 0)`;

/**
 * The supplier's documents that add to (or, a nota de crédito, take from) what the company owes it, with what our
 * retenciones withhold of each: the received facturas, notas de débito and de crédito (a nota de crédito's total is
 * negative), and the company's AUTORIZADA liquidaciones de compra to it. `orden` puts, on one day, the purchases before
 * the notes.
 */
const documentos = (c: Cuenta) => sql`
  SELECT r.rec_fecha AS fecha, CASE r.rec_tipo WHEN '01' THEN 1 WHEN '05' THEN 2 ELSE 4 END AS orden,
    CASE r.rec_tipo WHEN '01' THEN 'factura' WHEN '05' THEN 'notaDebito' ELSE 'notaCredito' END AS tipo,
    r.rec_codigo AS id, r.rec_numero AS numero, CASE r.rec_tipo WHEN '04' THEN -r.rec_total ELSE r.rec_total END AS total,
    ${RETENIDO(c.empresa, sql`s.rec_codigo = r.rec_codigo`)} AS retenido
  FROM recibidos r
  WHERE r.emp_codigo = ${c.empresa} AND r.prv_codigo = ${c.proveedor} AND r.rec_tipo IN ('01', '04', '05')
  UNION ALL
  SELECT l.fac_fecha, 3, 'liquidacion', l.fac_codigo, l.fac_numero, l.fac_total,
    ${RETENIDO(c.empresa, sql`s.rsu_liquidacion = l.fac_codigo`)}
  FROM facturas l
  WHERE l.emp_codigo = ${c.empresa} AND l.prv_codigo = ${c.proveedor} AND l.fac_tipo = '03' AND l.fac_estado = 'AUTORIZADA'`;

/** The supplier's documents by date, each with its total, what was withheld of it and what is left. */
export function documentosDelProveedor(db: Executor, c: Cuenta): Promise<DocumentoProveedor[]> {
  return filas<DocumentoProveedor>(
    db,
    sql`SELECT d.tipo, d.id, d.numero, d.fecha::text AS fecha, ${dinero(sql`d.total`)} AS total,
          ${dinero(sql`d.retenido`)} AS retenido, ${dinero(sql`d.total - d.retenido`)} AS saldo
        FROM (${documentos(c)}) d ORDER BY d.fecha, d.orden, d.id`,
  );
}

/** A movement as the database gives it; its text (concepto) is written by the service. */
export type FilaMovimientoProveedor = {
  fecha: string;
  tipo: TipoDocumentoProveedor;
  id: number;
  numero: string;
  /** A retención's support documents, "factura 001-001-000000123, liquidación 001-001-000000004". */
  sustentos: string | null;
  haber: string;
  debe: string;
  saldo: string;
};

/**
 * The supplier's movements by date with the running balance: its documents (a purchase in haber, a nota de crédito in
 * debe) and the company's AUTORIZADA retenciones to it (in debe, what they withhold: FAC_TOTAL), after the documents of
 * their day. The last balance is what the company owes the supplier.
 */
export function movimientosDelProveedor(db: Executor, c: Cuenta): Promise<FilaMovimientoProveedor[]> {
  return filas<FilaMovimientoProveedor>(
    db,
    sql`WITH m AS (
          SELECT d.fecha, d.orden, d.tipo, d.id, d.numero, NULL::text AS sustentos,
            greatest(d.total, 0) AS haber, greatest(-d.total, 0) AS debe
          FROM (${documentos(c)}) d
          UNION ALL
          SELECT t.fac_fecha, 5, 'retencion', t.fac_codigo, t.fac_numero, (
              SELECT string_agg(CASE WHEN s.rec_codigo IS NULL THEN 'liquidación ' || l.fac_numero
                  WHEN r.rec_tipo = '05' THEN 'nota de débito ' || r.rec_numero ELSE 'factura ' || r.rec_numero END, ', '
                  ORDER BY s.rsu_linea)
              FROM retenciones_sustentos s
              LEFT JOIN recibidos r ON r.rec_codigo = s.rec_codigo
              LEFT JOIN facturas l ON l.fac_codigo = s.rsu_liquidacion
              WHERE s.fac_codigo = t.fac_codigo
            ), 0, t.fac_total
          FROM facturas t
          WHERE t.emp_codigo = ${c.empresa} AND t.prv_codigo = ${c.proveedor} AND t.fac_tipo = '07' AND t.fac_estado = 'AUTORIZADA'
        )
        SELECT m.fecha::text AS fecha, m.tipo, m.id, coalesce(m.numero, '') AS numero, m.sustentos,
          ${dinero(sql`m.haber`)} AS haber, ${dinero(sql`m.debe`)} AS debe,
          ${dinero(sql`sum(m.haber - m.debe) OVER (ORDER BY m.fecha, m.orden, m.id ROWS UNBOUNDED PRECEDING)`)} AS saldo
        FROM m ORDER BY m.fecha, m.orden, m.id`,
  );
}

/** The account's totals: bought (facturas, notas de débito, liquidaciones), credited, withheld and the balance. */
export async function totalesDelProveedor(db: Executor, c: Cuenta): Promise<CuentaProveedor['totales']> {
  const [row] = await filas<CuentaProveedor['totales']>(
    db,
    sql`WITH d AS (${documentos(c)}),
        t AS (
          SELECT coalesce(sum(fac_total), 0) AS retenido FROM facturas
          WHERE emp_codigo = ${c.empresa} AND prv_codigo = ${c.proveedor} AND fac_tipo = '07' AND fac_estado = 'AUTORIZADA'
        )
        SELECT ${dinero(sql`(SELECT sum(total) FROM d WHERE total > 0)`)} AS comprado,
          ${dinero(sql`(SELECT -sum(total) FROM d WHERE total < 0)`)} AS "notasCredito",
          ${dinero(sql`t.retenido`)} AS retenido,
          ${dinero(sql`coalesce((SELECT sum(total) FROM d), 0) - t.retenido`)} AS saldo
        FROM t`,
  );
  return row!;
}
