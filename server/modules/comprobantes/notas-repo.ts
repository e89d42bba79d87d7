/**
 * The queries both notes (crédito 04, débito 05) share: their lists with the invoice they modify, one note's header,
 * the downloads' row, the invoice a note modifies (locked when issuing) and what its notes already credited. Notes are
 * rows of `facturas` (FAC_TIPO, FAC_MODIFICA, FAC_MOTIVO: migration 0029); their lines go to facturas_detalles and
 * their payments to facturas_pagos.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/client';
import { prepared } from '../../infra/db/prepared';
import { clientes, establecimientos, facturas, facturasDetalles, puntosEmision } from '../../infra/db/schema';
import { conAyuda, type MensajeSriGuardado } from '../../../domain/facturas';
import type { CampoAdicional } from '../../../domain/contratos/facturas';
import type { Nota, NotaDeFactura } from '../../../domain/contratos/notasCredito';
import { fijo, iso, isoONull, visible, type AlcanceDocumentos } from './filas';
import { busquedaDocumento, listaDocumentos } from './lista-documentos';

export type TipoNota = '04' | '05';
export const NOTA_CREDITO: TipoNota = '04';
export const NOTA_DEBITO: TipoNota = '05';

/** Whose notes a session sees: its company's; a seller, those of their clients and of the consumidor final (as invoices). */
export type AlcanceNotas = AlcanceDocumentos;

/**
 * The credit notes that count against their invoice: issued and not refused, annulled or still a draft. A draft,
 * DEVUELTA or RECHAZADA note does not reduce what remains to credit.
 */
export const NOTAS_QUE_CUENTAN = ['FIRMADA', 'ENVIADA', 'RECIBIDA', 'AUTORIZADA', 'SIN_RESPUESTA'] as const;

const f = facturas;
const origen = alias(facturas, 'origen');

const listColumns = {
  FAC_CODIGO: f.FAC_CODIGO,
  FAC_TIPO: f.FAC_TIPO,
  FAC_ESTADO: f.FAC_ESTADO,
  FAC_FECHA: f.FAC_FECHA,
  FAC_NUMERO: f.FAC_NUMERO,
  FAC_CLAVE_ACCESO: f.FAC_CLAVE_ACCESO,
  FAC_SUBTOTAL: f.FAC_SUBTOTAL,
  FAC_IVA: f.FAC_IVA,
  FAC_TOTAL: f.FAC_TOTAL,
  FAC_MOTIVO: f.FAC_MOTIVO,
  FAC_MODIFICA: origen.FAC_CODIGO,
  FACTURA_NUMERO: origen.FAC_NUMERO,
  FACTURA_FECHA: origen.FAC_FECHA,
  CLI_CODIGO: clientes.CLI_CODIGO,
  CLI_RAZON_SOCIAL: clientes.CLI_RAZON_SOCIAL,
  CLI_IDENTIFICACION: clientes.CLI_IDENTIFICACION,
  PEM_CODIGO: f.PEM_CODIGO,
  FAC_ENTREGA: f.FAC_ENTREGA,
  FAC_AUTORIZACION: f.FAC_AUTORIZACION,
  FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION,
  FAC_SRI_MENSAJES: f.FAC_SRI_MENSAJES,
  FAC_ADICIONAL: f.FAC_ADICIONAL,
};

const selectList = (db: Executor) =>
  db
    .select(listColumns)
    .from(f)
    .innerJoin(origen, eq(origen.FAC_CODIGO, f.FAC_MODIFICA))
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO));
type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];

export const toNota = (row: ListRow): Nota => ({
  ...row,
  FAC_SUBTOTAL: fijo(row.FAC_SUBTOTAL, 2),
  FAC_IVA: fijo(row.FAC_IVA, 2),
  FAC_TOTAL: fijo(row.FAC_TOTAL, 2),
  FAC_FECHA_AUTORIZACION: isoONull(row.FAC_FECHA_AUTORIZACION),
  FAC_SRI_MENSAJES: conAyuda((row.FAC_SRI_MENSAJES as MensajeSriGuardado[] | null) ?? []),
  FAC_ADICIONAL: (row.FAC_ADICIONAL as CampoAdicional[] | null) ?? [],
});

export const FILTROS_NOTAS = ['FAC_ESTADO', 'desde', 'hasta', 'CLI_CODIGO', 'FAC_MODIFICA', 'q', 'id'] as const;

/** The note's number whole or its sequential, its access key, the invoice's number, or the buyer's identification or name. */
const notaSearch = busquedaDocumento('cliente', {
  // Its own number, or its invoice's (a note's invoice is always of its company).
  otroNumero: (completo) =>
    sql`${f.FAC_MODIFICA} IN (SELECT o.fac_codigo FROM facturas o WHERE o.fac_numero = ${completo} AND o.fac_tipo = '01')`,
});

/** A list of one type of note. */
const listaDe = (codDoc: TipoNota, resource: string) =>
  listaDocumentos({
    resource,
    codDoc,
    receptor: 'cliente',
    filtros: FILTROS_NOTAS,
    busqueda: notaSearch,
    propios: { FAC_MODIFICA: { type: 'integer', column: f.FAC_MODIFICA } },
    seleccion: (db) => selectList(db).$dynamic(),
    fila: toNota,
  });

/** Each note's list: its page, totals and export batches. */
export const LISTAS_NOTAS = { '04': listaDe('04', 'notasCredito'), '05': listaDe('05', 'notasDebito') } as const;

/** One note's header (its list row and the detail's extra fields), if the scope sees it. */
export async function cabeceraNota(db: Executor, tipo: TipoNota, alcance: AlcanceNotas, id: number) {
  const [row] = await db
    .select({
      ...listColumns,
      CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
      EST_NUMERO: establecimientos.EST_NUMERO,
      PEM_NUMERO: puntosEmision.PEM_NUMERO,
      FAC_SECUENCIAL: f.FAC_SECUENCIAL,
      FAC_ANULACION_MOTIVO: f.FAC_ANULACION_MOTIVO,
      FAC_ANULACION_FECHA: f.FAC_ANULACION_FECHA,
      FAC_ENTREGA_FECHA: f.FAC_ENTREGA_FECHA,
      FAC_ENTREGA_DETALLE: f.FAC_ENTREGA_DETALLE,
      FAC_CREADO: f.FAC_CREADO,
      FAC_ACTUALIZADO: f.FAC_ACTUALIZADO,
    })
    .from(f)
    .innerJoin(origen, eq(origen.FAC_CODIGO, f.FAC_MODIFICA))
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, tipo), visible(alcance)));
  if (!row) return undefined;
  return {
    ...toNota(row),
    CLI_TIPO_IDENTIFICACION: row.CLI_TIPO_IDENTIFICACION,
    EST_NUMERO: row.EST_NUMERO,
    PEM_NUMERO: row.PEM_NUMERO,
    FAC_SECUENCIAL: row.FAC_SECUENCIAL,
    FAC_ANULACION_MOTIVO: row.FAC_ANULACION_MOTIVO,
    FAC_ANULACION_FECHA: isoONull(row.FAC_ANULACION_FECHA),
    FAC_ENTREGA_FECHA: isoONull(row.FAC_ENTREGA_FECHA),
    FAC_ENTREGA_DETALLE: row.FAC_ENTREGA_DETALLE,
    FAC_CREADO: iso(row.FAC_CREADO),
    FAC_ACTUALIZADO: iso(row.FAC_ACTUALIZADO),
  };
}

/** A document line's own fields (an invoice's, a note's): what is read to show, copy or issue it. */
export const COLUMNAS_DETALLE = {
  CAT_CODIGO: facturasDetalles.CAT_CODIGO,
  FDE_PRINCIPAL: facturasDetalles.FDE_PRINCIPAL,
  FDE_AUXILIAR: facturasDetalles.FDE_AUXILIAR,
  FDE_DESCRIPCION: facturasDetalles.FDE_DESCRIPCION,
  FDE_CANTIDAD: facturasDetalles.FDE_CANTIDAD,
  FDE_PRECIO: facturasDetalles.FDE_PRECIO,
  FDE_DESCUENTO: facturasDetalles.FDE_DESCUENTO,
  FDE_IVA: facturasDetalles.FDE_IVA,
  FDE_ICE_CODIGO: facturasDetalles.FDE_ICE_CODIGO,
  FDE_ICE_TARIFA: facturasDetalles.FDE_ICE_TARIFA,
  FDE_SUBTOTAL: facturasDetalles.FDE_SUBTOTAL,
};
const columnasLinea = {
  FDE_LINEA: facturasDetalles.FDE_LINEA,
  FDE_LINEA_FACTURA: facturasDetalles.FDE_LINEA_FACTURA,
  ...COLUMNAS_DETALLE,
};
const selectLineas = (db: Executor) =>
  db
    .select(columnasLinea)
    .from(facturasDetalles)
    .where(eq(facturasDetalles.FAC_CODIGO, sql.placeholder('id')))
    .orderBy(asc(facturasDetalles.FDE_LINEA));
export type LineaNota = Awaited<ReturnType<ReturnType<typeof selectLineas>['execute']>>[number];

/** A note's stored lines (a credit note's returned lines, a debit note's reasons), in order. */
export const lineasNota = (db: Executor, id: number): Promise<LineaNota[]> => prepared(db, 'nota_lineas', selectLineas).execute({ id });

/** A line as the API answers it (amounts with their scale). */
export const lineaRespuesta = (l: LineaNota) => ({
  CAT_CODIGO: l.CAT_CODIGO,
  FDE_PRINCIPAL: l.FDE_PRINCIPAL,
  FDE_AUXILIAR: l.FDE_AUXILIAR,
  FDE_DESCRIPCION: l.FDE_DESCRIPCION,
  FDE_CANTIDAD: fijo(l.FDE_CANTIDAD, 6),
  FDE_PRECIO: fijo(l.FDE_PRECIO, 6),
  FDE_DESCUENTO: fijo(l.FDE_DESCUENTO, 2),
  FDE_IVA: l.FDE_IVA,
  FDE_ICE_CODIGO: l.FDE_ICE_CODIGO,
  FDE_ICE_TARIFA: l.FDE_ICE_TARIFA === null ? null : fijo(l.FDE_ICE_TARIFA, 2),
  FDE_SUBTOTAL: fijo(l.FDE_SUBTOTAL, 2),
});

/** The state of a note the scope sees, under a row lock (the caller's transaction). */
export async function lockNota(tx: Executor, tipo: TipoNota, alcance: AlcanceNotas, id: number) {
  const [row] = await tx
    .select({ FAC_CODIGO: f.FAC_CODIGO, FAC_ESTADO: f.FAC_ESTADO, FAC_MODIFICA: f.FAC_MODIFICA })
    .from(f)
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, tipo), visible(alcance)))
    .for('update');
  return row;
}

const columnasFactura = {
  FAC_CODIGO: f.FAC_CODIGO,
  FAC_TIPO: f.FAC_TIPO,
  FAC_ESTADO: f.FAC_ESTADO,
  FAC_FECHA: f.FAC_FECHA,
  FAC_NUMERO: f.FAC_NUMERO,
  FAC_SUBTOTAL: f.FAC_SUBTOTAL,
  FAC_IVA: f.FAC_IVA,
  FAC_TOTAL: f.FAC_TOTAL,
  PEM_CODIGO: f.PEM_CODIGO,
  CLI_CODIGO: clientes.CLI_CODIGO,
  CLI_RAZON_SOCIAL: clientes.CLI_RAZON_SOCIAL,
  CLI_IDENTIFICACION: clientes.CLI_IDENTIFICACION,
  CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
  CLI_CONSUMIDOR_FINAL: clientes.CLI_CONSUMIDOR_FINAL,
};
const conMontos = <R extends { FAC_SUBTOTAL: string; FAC_IVA: string; FAC_TOTAL: string }>(row: R) => ({
  ...row,
  FAC_SUBTOTAL: fijo(row.FAC_SUBTOTAL, 2),
  FAC_IVA: fijo(row.FAC_IVA, 2),
  FAC_TOTAL: fijo(row.FAC_TOTAL, 2),
});

/**
 * The invoice a note modifies, if the scope sees it (any type: the rules say when it is not a factura). Issuing reads
 * it locked with its note instead (facturaDeNotaBloqueada).
 */
export async function facturaModificada(db: Executor, alcance: AlcanceNotas, id: number) {
  const [row] = await db
    .select(columnasFactura)
    .from(f)
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .where(and(eq(f.FAC_CODIGO, id), visible(alcance)));
  return row && conMontos(row);
}
export type FacturaModificada = NonNullable<Awaited<ReturnType<typeof facturaModificada>>>;

const nota = alias(facturas, 'nota');

/**
 * What issuing the note `id` judges it against, in one statement: the invoice it modifies as the note's company sees
 * it, locked for update (two notes of one invoice are judged one after the other), and the note's reason.
 */
export async function facturaDeNotaBloqueada(tx: Executor, id: number) {
  const [row] = await prepared(tx, 'nota_factura_bloqueada', (d) =>
    d
      .select({ ...columnasFactura, NOTA_MOTIVO: nota.FAC_MOTIVO })
      .from(nota)
      .innerJoin(f, and(eq(f.FAC_CODIGO, nota.FAC_MODIFICA), eq(f.EMP_CODIGO, nota.EMP_CODIGO)))
      .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
      .where(eq(nota.FAC_CODIGO, sql.placeholder('id')))
      .for('update', { of: f }),
  ).execute({ id });
  if (!row) return undefined;
  const { NOTA_MOTIVO, ...factura } = row;
  return { factura: conMontos(factura), motivo: NOTA_MOTIVO ?? '' };
}

/** The counted credit notes of an invoice (all but `excepto`, the one being judged). */
const notasQueCuentan = (factura: number, excepto?: number) =>
  and(
    eq(f.FAC_MODIFICA, factura),
    eq(f.FAC_TIPO, NOTA_CREDITO),
    inArray(f.FAC_ESTADO, [...NOTAS_QUE_CUENTAN]),
    excepto === undefined ? undefined : ne(f.FAC_CODIGO, excepto),
  );

/** What the invoice's counted credit notes add up to (2 decimals). */
export async function acreditado(db: Executor, factura: number, excepto?: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${f.FAC_TOTAL}), 0)` })
    .from(f)
    .where(notasQueCuentan(factura, excepto));
  return fijo(row?.total, 2);
}

const contada = alias(facturas, 'contada');
const devueltaLinea = alias(facturasDetalles, 'devuelta');
/** notasQueCuentan in a prepared statement: the invoice and the note left out are placeholders. */
const contadas = and(
  eq(contada.FAC_MODIFICA, sql.placeholder('factura')),
  eq(contada.FAC_TIPO, NOTA_CREDITO),
  inArray(contada.FAC_ESTADO, [...NOTAS_QUE_CUENTAN]),
  sql`${contada.FAC_CODIGO} IS DISTINCT FROM ${sql.placeholder('excepto')}`,
);

const selectSaldo = (db: Executor) => {
  const devueltas = db
    .select({ linea: devueltaLinea.FDE_LINEA_FACTURA, cantidad: sql<string>`sum(${devueltaLinea.FDE_CANTIDAD})`.as('cantidad') })
    .from(devueltaLinea)
    .innerJoin(contada, eq(contada.FAC_CODIGO, devueltaLinea.FAC_CODIGO))
    .where(and(contadas, isNotNull(devueltaLinea.FDE_LINEA_FACTURA)))
    .groupBy(devueltaLinea.FDE_LINEA_FACTURA)
    .as('devueltas');
  return db
    .select({
      ...columnasLinea,
      devuelto: devueltas.cantidad,
      acreditado: sql<string>`(SELECT coalesce(sum(${contada.FAC_TOTAL}), 0) FROM ${facturas} ${sql.identifier('contada')} WHERE ${contadas})`,
    })
    .from(facturasDetalles)
    .leftJoin(devueltas, eq(devueltas.linea, facturasDetalles.FDE_LINEA))
    .where(eq(facturasDetalles.FAC_CODIGO, sql.placeholder('factura')))
    .orderBy(asc(facturasDetalles.FDE_LINEA));
};

/**
 * The invoice's lines, each with how much of it the counted credit notes (all but `excepto`) returned (6 decimals),
 * and what those notes add up to (2 decimals): what a credit note's rules read, in one statement.
 */
export async function saldoFactura(db: Executor, factura: number, excepto?: number) {
  const rows = await prepared(db, 'nota_saldo_factura', selectSaldo).execute({ factura, excepto: excepto ?? null });
  const lineas = rows.map(({ devuelto, acreditado: _, ...linea }) => ({ linea, devuelto: devuelto === null ? '0' : fijo(devuelto, 6) }));
  // An invoice without lines (never an authorized one) has no row to carry the sum.
  return { lineas, acreditado: rows.length ? fijo(rows[0]!.acreditado, 2) : await acreditado(db, factura, excepto) };
}

/** Every note of the invoice, credit and debit, by date (one query for the invoice's page). */
export async function notasDeFactura(db: Executor, factura: number): Promise<{ creditos: NotaDeFactura[]; debitos: NotaDeFactura[] }> {
  const rows = await db
    .select({
      FAC_TIPO: f.FAC_TIPO,
      FAC_CODIGO: f.FAC_CODIGO,
      FAC_NUMERO: f.FAC_NUMERO,
      FAC_FECHA: f.FAC_FECHA,
      FAC_ESTADO: f.FAC_ESTADO,
      FAC_TOTAL: f.FAC_TOTAL,
      FAC_MOTIVO: f.FAC_MOTIVO,
    })
    .from(f)
    .where(and(eq(f.FAC_MODIFICA, factura), inArray(f.FAC_TIPO, [NOTA_CREDITO, NOTA_DEBITO])))
    .orderBy(asc(f.FAC_FECHA), asc(f.FAC_CODIGO));
  const nota = ({ FAC_TIPO: _, ...r }: (typeof rows)[number]): NotaDeFactura => ({ ...r, FAC_TOTAL: fijo(r.FAC_TOTAL, 2) });
  return {
    creditos: rows.filter((r) => r.FAC_TIPO === NOTA_CREDITO).map(nota),
    debitos: rows.filter((r) => r.FAC_TIPO === NOTA_DEBITO).map(nota),
  };
}

/** An active emission point of the company (its establishment's too); another company's is not found. */
export async function puntoDeEmpresa(db: Executor, empresa: number, id: number) {
  const [row] = await db
    .select({ PEM_CODIGO: puntosEmision.PEM_CODIGO })
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(
      and(
        eq(puntosEmision.PEM_CODIGO, id),
        eq(establecimientos.EMP_CODIGO, empresa),
        eq(establecimientos.EST_ACTIVO, true),
        eq(puntosEmision.PEM_ACTIVO, true),
      ),
    );
  return row;
}
