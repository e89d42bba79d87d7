/**
 * What every document type's queries share on the rows of `facturas` (an invoice, a credit or a debit note: FAC_TIPO):
 * the amounts and dates as the API answers them, a seller's buyers, the lists' date and code filters, sorts and scope
 * keys, the stored payments, and a draft's header, lines and payments written, replaced and deleted.
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { prepared } from '../../infra/db/prepared';
import { clientes, facturas, facturasDetalles, facturasPagos, usuarios } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import type { Bind } from '../../core/list';
import { esDia } from '../../../domain/fechas';

const f = facturas;

/** numeric(p, d) as text with exactly d decimals, whatever the driver hands back. */
export const fijo = (value: unknown, decimals: number) => {
  const text = String(value ?? '0');
  return new RegExp(`^-?[0-9]+\\.[0-9]{${decimals}}$`).test(text) ? text : Number(text).toFixed(decimals);
};
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoONull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The buyers a seller may sell to and see: their clients and the consumidor final (a value or a placeholder). */
export const delVendedor = (vendedor: unknown) => sql`(${clientes.CLI_VENDEDOR} = ${vendedor} OR ${clientes.CLI_CONSUMIDOR_FINAL})`;

/** The lists' `desde` / `hasta` filters on the date of issue (`columna`): a day AAAA-MM-DD, else a 400. */
export const filtroFecha =
  (name: 'desde' | 'hasta', columna: AnyColumn = f.FAC_FECHA) =>
  (text: string, bind: Bind) => {
    if (!esDia(text)) throw new HttpError(400, `El filtro ${name} debe ser una fecha AAAA-MM-DD`);
    return name === 'desde' ? sql`${columna} >= ${bind(text)}::date` : sql`${columna} <= ${bind(text)}::date`;
  };

/** A filter's code (1 to 9 digits), else a 400. */
export const filtroEntero = (name: string, text: string) => {
  if (!/^\d{1,9}$/.test(text)) throw new HttpError(400, `El filtro ${name} debe ser un código`);
  return Number(text);
};

export const SORTS_DOCUMENTOS = {
  FAC_CODIGO: [f.FAC_CODIGO],
  FAC_FECHA: [f.FAC_FECHA, f.FAC_CODIGO],
  FAC_TOTAL: [f.FAC_TOTAL, f.FAC_CODIGO],
  id: [f.FAC_CODIGO],
} satisfies Record<string, AnyColumn[]>;

/** The scope's keys a list adds to the caller's filter (never the caller's own): the company's is the core's. */
export { SCOPE_EMPRESA } from '../../core/list';
export const SCOPE_VENDEDOR = '_vendedor';

/**
 * A seller's documents: their clients' and the consumidor final's, a set small enough to hash. The clients are read
 * within the seller's company (its index clientes_vendedor leads with the company, which only the seller's row tells
 * this filter), never the whole table.
 */
export const delVendedorFiltro = (text: string, bind: Bind) => {
  const vendedor = bind(filtroEntero(SCOPE_VENDEDOR, text));
  return sql`${f.CLI_CODIGO} IN (SELECT ${clientes.CLI_CODIGO} FROM ${clientes} WHERE ${clientes.EMP_CODIGO} = (SELECT ${usuarios.COM_CODIGO} FROM ${usuarios} WHERE ${usuarios.USU_CODIGO} = ${vendedor}) AND ${delVendedor(vendedor)})`;
};

/** A document's stored payments, in order (a statement prepared once: issuing reads them). */
export const pagosDe = (db: Executor, id: number) =>
  prepared(db, 'documento_pagos', (d) =>
    d
      .select({
        FPA_FORMA: facturasPagos.FPA_FORMA,
        FPA_TOTAL: facturasPagos.FPA_TOTAL,
        FPA_PLAZO: facturasPagos.FPA_PLAZO,
        FPA_UNIDAD: facturasPagos.FPA_UNIDAD,
      })
      .from(facturasPagos)
      .where(eq(facturasPagos.FAC_CODIGO, sql.placeholder('id')))
      .orderBy(asc(facturasPagos.FPA_LINEA)),
  ).execute({ id });

export type ValoresBorrador = Omit<
  typeof facturas.$inferInsert,
  'FAC_CODIGO' | 'FAC_ESTADO' | 'FAC_CREADO' | 'FAC_ACTUALIZADO' | 'FAC_SECUENCIAL' | 'FAC_NUMERO' | 'FAC_CLAVE_ACCESO' | 'FAC_XML'
>;
export type ValoresLinea = Omit<typeof facturasDetalles.$inferInsert, 'FAC_CODIGO' | 'FDE_LINEA'>;
export type ValoresPago = Omit<typeof facturasPagos.$inferInsert, 'FAC_CODIGO' | 'FPA_LINEA'>;

async function insertarHijos(tx: Executor, id: number, lineas: ValoresLinea[], pagos: ValoresPago[]) {
  if (lineas.length) await tx.insert(facturasDetalles).values(lineas.map((l, i) => ({ ...l, FAC_CODIGO: id, FDE_LINEA: i + 1 })));
  if (pagos.length) await tx.insert(facturasPagos).values(pagos.map((p, i) => ({ ...p, FAC_CODIGO: id, FPA_LINEA: i + 1 })));
}

/** A new draft with its lines and payments; its id. */
export async function insertBorrador(tx: Executor, valores: ValoresBorrador, lineas: ValoresLinea[], pagos: ValoresPago[]) {
  const [row] = await tx.insert(f).values(valores).returning({ id: f.FAC_CODIGO });
  await insertarHijos(tx, row!.id, lineas, pagos);
  return row!.id;
}

/** Replaces a locked draft's header, lines and payments. */
export async function replaceBorrador(tx: Executor, id: number, valores: ValoresBorrador, lineas: ValoresLinea[], pagos: ValoresPago[]) {
  await tx
    .update(f)
    .set({ ...valores, FAC_ACTUALIZADO: new Date() })
    .where(eq(f.FAC_CODIGO, id));
  await tx.delete(facturasDetalles).where(eq(facturasDetalles.FAC_CODIGO, id));
  await tx.delete(facturasPagos).where(eq(facturasPagos.FAC_CODIGO, id));
  await insertarHijos(tx, id, lineas, pagos);
}

export const deleteBorrador = (tx: Executor, id: number) => tx.delete(f).where(eq(f.FAC_CODIGO, id));

/** The outcome of an email to the buyer. */
export async function marcarEntrega(db: Executor, id: number, estado: string, detalle: string) {
  await db
    .update(f)
    .set({ FAC_ENTREGA: estado, FAC_ENTREGA_FECHA: new Date(), FAC_ENTREGA_DETALLE: detalle.slice(0, 500) })
    .where(eq(f.FAC_CODIGO, id));
}

/** Whose documents a session sees: its company's; a seller, those of their clients and of the consumidor final. */
export type AlcanceDocumentos = { empresa: number; vendedor?: number };

/** One document's condition for the scope: its company, and for a seller its buyer's (by id: one row, any plan does). */
export function visible(alcance: AlcanceDocumentos, tabla: typeof facturas = f): SQL {
  const own = eq(tabla.EMP_CODIGO, alcance.empresa);
  if (alcance.vendedor === undefined) return own;
  return and(
    own,
    sql`EXISTS (SELECT 1 FROM ${clientes} WHERE ${clientes.CLI_CODIGO} = ${tabla.CLI_CODIGO} AND ${delVendedor(alcance.vendedor)})`,
  )!;
}

/** What the downloads and the email need of a document of type `codDoc` the scope sees: its state, number and signed XML. */
export async function documentoEmitido(db: Executor, alcance: AlcanceDocumentos, id: number, codDoc: string) {
  const [row] = await db
    .select({
      FAC_ESTADO: f.FAC_ESTADO,
      FAC_NUMERO: f.FAC_NUMERO,
      FAC_XML: f.FAC_XML,
      FAC_AUTORIZACION: f.FAC_AUTORIZACION,
      FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION,
      FAC_AMBIENTE: f.FAC_AMBIENTE,
    })
    .from(f)
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, codDoc), visible(alcance)));
  return row;
}
