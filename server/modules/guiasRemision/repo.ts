/**
 * The guías de remisión's queries: rows of `facturas` of type 06 whose recipient is a carrier (TRA_CODIGO), with their
 * transport (guias), destinatarios (guias_destinatarios) and goods (guias_detalles); the list, its totals and export,
 * one guía whole, its lock, what its rules read (the carrier, the clients, the support invoices) and its rows written.
 * Guías are the whole company's: every role sees every one of them.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/client';
import { prepared } from '../../infra/db/prepared';
import {
  catalogo,
  clientes,
  establecimientos,
  facturas,
  guias,
  guiasDestinatarios,
  guiasDetalles,
  puntosEmision,
  sriCola,
  transportistas,
} from '../../infra/db/schema';
import { found } from '../../core/errors';
import { escapeLike, type Bind } from '../../core/list';
import { busquedaTercero } from '../../core/terceros';
import {
  busquedaDocumento,
  camposEmitido,
  COLUMNAS_EMITIDO,
  fijo,
  filtroEntero,
  isoONull,
  listaDocumentos,
  visible,
  type AlcanceDocumentos,
} from '../comprobantes';
import type { CampoAdicional, GuiaDestinatario, GuiaRemision, GuiaRemisionDetalle } from './contract';

/** The document type of a guía de remisión (codDoc), the key of its sequential per emission point. */
export const TIPO_GUIA = '06' as const;
const FACTURA = '01';

const f = facturas;
const sustento = alias(facturas, 'sustento');
const esGuia = eq(f.FAC_TIPO, TIPO_GUIA);
/** The company's guía `id`. */
const propia = (empresa: number, id: number) => and(eq(f.FAC_CODIGO, id), eq(f.EMP_CODIGO, empresa), esGuia);

/** The first destinatario's name, and " y N más" when there are others. */
const resumenDestinatarios = sql<string>`coalesce((SELECT d.gde_razon_social || CASE WHEN count(*) OVER () > 1 THEN ' y ' || (count(*) OVER () - 1) || ' más' ELSE '' END FROM guias_destinatarios d WHERE d.fac_codigo = ${f.FAC_CODIGO} ORDER BY d.gde_linea LIMIT 1), '')`;

const listColumns = {
  FAC_CODIGO: f.FAC_CODIGO,
  FAC_ESTADO: f.FAC_ESTADO,
  FAC_FECHA: f.FAC_FECHA,
  FAC_NUMERO: f.FAC_NUMERO,
  FAC_CLAVE_ACCESO: f.FAC_CLAVE_ACCESO,
  TRA_CODIGO: transportistas.TRA_CODIGO,
  TRA_RAZON_SOCIAL: transportistas.TRA_RAZON_SOCIAL,
  TRA_IDENTIFICACION: transportistas.TRA_IDENTIFICACION,
  GUI_PLACA: guias.GUI_PLACA,
  GUI_FECHA_INICIO: guias.GUI_FECHA_INICIO,
  GUI_FECHA_FIN: guias.GUI_FECHA_FIN,
  DESTINATARIOS: resumenDestinatarios,
  PEM_CODIGO: f.PEM_CODIGO,
  EST_CODIGO: establecimientos.EST_CODIGO,
  EST_NUMERO: establecimientos.EST_NUMERO,
  PEM_NUMERO: puntosEmision.PEM_NUMERO,
  FAC_ENTREGA: f.FAC_ENTREGA,
};

const exportColumns = { ...listColumns, FAC_AUTORIZACION: f.FAC_AUTORIZACION, FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION };
const detailColumns = {
  ...exportColumns,
  TRA_TIPO_IDENTIFICACION: transportistas.TRA_TIPO_IDENTIFICACION,
  GUI_DIR_PARTIDA: guias.GUI_DIR_PARTIDA,
  EST_DIRECCION: establecimientos.EST_DIRECCION,
  FAC_SECUENCIAL: f.FAC_SECUENCIAL,
  FAC_AMBIENTE: f.FAC_AMBIENTE,
  ...COLUMNAS_EMITIDO,
};

const selectList = (db: Executor) =>
  db
    .select(listColumns)
    .from(f)
    .innerJoin(transportistas, eq(transportistas.TRA_CODIGO, f.TRA_CODIGO))
    .innerJoin(guias, eq(guias.FAC_CODIGO, f.FAC_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO));
type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];
const selectExport = (db: Executor) =>
  db
    .select(exportColumns)
    .from(f)
    .innerJoin(transportistas, eq(transportistas.TRA_CODIGO, f.TRA_CODIGO))
    .innerJoin(guias, eq(guias.FAC_CODIGO, f.FAC_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO));
type ExportRow = Awaited<ReturnType<ReturnType<typeof selectExport>['execute']>>[number];
export type GuiaExportada = GuiaRemision & { FAC_AUTORIZACION: string | null; FAC_FECHA_AUTORIZACION: string | null };

const toGuia = (row: ListRow): GuiaRemision => ({
  FAC_CODIGO: row.FAC_CODIGO,
  FAC_ESTADO: row.FAC_ESTADO,
  FAC_FECHA: row.FAC_FECHA,
  FAC_NUMERO: row.FAC_NUMERO,
  FAC_CLAVE_ACCESO: row.FAC_CLAVE_ACCESO,
  TRA_CODIGO: row.TRA_CODIGO,
  TRA_RAZON_SOCIAL: row.TRA_RAZON_SOCIAL,
  TRA_IDENTIFICACION: row.TRA_IDENTIFICACION,
  GUI_PLACA: row.GUI_PLACA,
  GUI_FECHA_INICIO: row.GUI_FECHA_INICIO,
  GUI_FECHA_FIN: row.GUI_FECHA_FIN,
  DESTINATARIOS: row.DESTINATARIOS,
  PEM_CODIGO: row.PEM_CODIGO,
  EST_CODIGO: row.EST_CODIGO,
  EST_NUMERO: row.EST_NUMERO,
  PEM_NUMERO: row.PEM_NUMERO,
  FAC_ENTREGA: row.FAC_ENTREGA,
});

export const FILTROS_GUIAS = ['FAC_ESTADO', 'desde', 'hasta', 'TRA_CODIGO', 'FAC_SUSTENTO', 'q', 'id'] as const;

/** A carrier by identification, name or usual plate (as the clients' and suppliers' search). */
const carrierSearch = busquedaTercero(transportistas.TRA_IDENTIFICACION, transportistas.TRA_BUSQUEDA);

/** A text in a column of the guía's own rows, without accents and in any case (as the parties' search). */
const contiene = (columna: SQL, text: string, bind: Bind) =>
  sql`amelia_busqueda(${columna}) LIKE '%' || amelia_busqueda(${bind(escapeLike(text))}) || '%'`;

/**
 * The search (q): the number whole or its sequential, the access key, the carrier (identification, name, usual plate),
 * the guía's plate, or a destinatario's identification or name.
 */
const busquedaGuia = busquedaDocumento('transportista', {
  receptor: (text, bind) => {
    const guia = sql`(SELECT g.gui_placa FROM guias g WHERE g.fac_codigo = ${f.FAC_CODIGO})`;
    const destinatario = sql`EXISTS (SELECT 1 FROM guias_destinatarios d WHERE d.fac_codigo = ${f.FAC_CODIGO} AND ${contiene(sql`d.gde_identificacion || ' ' || d.gde_razon_social`, text, bind)})`;
    const transportista = sql`${f.TRA_CODIGO} IN (SELECT ${transportistas.TRA_CODIGO} FROM ${transportistas} WHERE ${carrierSearch(text, bind)})`;
    return sql`(${transportista} OR ${contiene(guia, text, bind)} OR ${destinatario})`;
  },
});

/** The guías citing the factura of the filter FAC_SUSTENTO. */
const citan = (text: string, bind: Bind) =>
  sql`EXISTS (SELECT 1 FROM guias_destinatarios d WHERE d.fac_codigo = ${f.FAC_CODIGO} AND d.gde_sustento = ${bind(filtroEntero('FAC_SUSTENTO', text))})`;

/** The guías' list, its totals and export (with the authorization). */
export const LISTA_GUIAS = listaDocumentos({
  resource: 'guiasRemision',
  codDoc: TIPO_GUIA,
  receptor: 'transportista',
  filtros: FILTROS_GUIAS,
  busqueda: busquedaGuia,
  propios: { FAC_SUSTENTO: { type: 'search', where: citan } },
  seleccion: (db) => selectList(db).$dynamic(),
  fila: toGuia,
  exportacion: {
    seleccion: (db) => selectExport(db).$dynamic(),
    fila: (row: ExportRow): GuiaExportada => ({
      ...toGuia(row),
      FAC_AUTORIZACION: row.FAC_AUTORIZACION,
      FAC_FECHA_AUTORIZACION: isoONull(row.FAC_FECHA_AUTORIZACION),
    }),
  },
});

/** What issuing reads of a guía's transport, with its carrier's state now. */
export async function transporteDe(
  db: Executor,
  id: number,
): Promise<{ GUI_DIR_PARTIDA: string; GUI_FECHA_INICIO: string; GUI_FECHA_FIN: string; GUI_PLACA: string; TRA_ACTIVO: boolean }> {
  const [row] = await prepared(db, 'guia_transporte', (d) =>
    d
      .select({
        GUI_DIR_PARTIDA: guias.GUI_DIR_PARTIDA,
        GUI_FECHA_INICIO: guias.GUI_FECHA_INICIO,
        GUI_FECHA_FIN: guias.GUI_FECHA_FIN,
        GUI_PLACA: guias.GUI_PLACA,
        TRA_ACTIVO: transportistas.TRA_ACTIVO,
      })
      .from(guias)
      .innerJoin(f, eq(f.FAC_CODIGO, guias.FAC_CODIGO))
      .innerJoin(transportistas, eq(transportistas.TRA_CODIGO, f.TRA_CODIGO))
      .where(eq(guias.FAC_CODIGO, sql.placeholder('id'))),
  ).execute({ id });
  return found(row);
}

export type DestinatarioLeido = GuiaDestinatario & { SUSTENTO_AUTORIZACION: string | null; SUSTENTO_ESTADO: string | null };

/** A guía's destinatarios in order, each with its support invoice (number, date, authorization, state) and goods in order. */
export async function destinatariosDe(db: Executor, id: number): Promise<DestinatarioLeido[]> {
  // One after the other: inside the issuing transaction they share its connection.
  const filas = await prepared(db, 'guia_destinatarios', (d) =>
    d
      .select({
        GDE_LINEA: guiasDestinatarios.GDE_LINEA,
        CLI_CODIGO: guiasDestinatarios.CLI_CODIGO,
        GDE_IDENTIFICACION: guiasDestinatarios.GDE_IDENTIFICACION,
        GDE_RAZON_SOCIAL: guiasDestinatarios.GDE_RAZON_SOCIAL,
        GDE_DIRECCION: guiasDestinatarios.GDE_DIRECCION,
        GDE_CORREOS: guiasDestinatarios.GDE_CORREOS,
        GDE_MOTIVO: guiasDestinatarios.GDE_MOTIVO,
        GDE_DOC_ADUANERO: guiasDestinatarios.GDE_DOC_ADUANERO,
        GDE_ESTAB_DESTINO: guiasDestinatarios.GDE_ESTAB_DESTINO,
        GDE_RUTA: guiasDestinatarios.GDE_RUTA,
        GDE_SUSTENTO: guiasDestinatarios.GDE_SUSTENTO,
        SUSTENTO_NUMERO: sustento.FAC_NUMERO,
        SUSTENTO_FECHA: sustento.FAC_FECHA,
        SUSTENTO_AUTORIZACION: sustento.FAC_AUTORIZACION,
        SUSTENTO_ESTADO: sustento.FAC_ESTADO,
      })
      .from(guiasDestinatarios)
      .leftJoin(sustento, eq(sustento.FAC_CODIGO, guiasDestinatarios.GDE_SUSTENTO))
      .where(eq(guiasDestinatarios.FAC_CODIGO, sql.placeholder('id')))
      .orderBy(asc(guiasDestinatarios.GDE_LINEA)),
  ).execute({ id });
  const bienes = await prepared(db, 'guia_bienes', (d) =>
    d
      .select({
        GDE_LINEA: guiasDetalles.GDE_LINEA,
        CAT_CODIGO: guiasDetalles.CAT_CODIGO,
        GDT_CODIGO_INTERNO: guiasDetalles.GDT_CODIGO_INTERNO,
        GDT_CODIGO_ADICIONAL: guiasDetalles.GDT_CODIGO_ADICIONAL,
        GDT_DESCRIPCION: guiasDetalles.GDT_DESCRIPCION,
        GDT_CANTIDAD: guiasDetalles.GDT_CANTIDAD,
        GDT_ADICIONALES: guiasDetalles.GDT_ADICIONALES,
      })
      .from(guiasDetalles)
      .where(eq(guiasDetalles.FAC_CODIGO, sql.placeholder('id')))
      .orderBy(asc(guiasDetalles.GDE_LINEA), asc(guiasDetalles.GDT_LINEA)),
  ).execute({ id });
  return filas.map(({ GDE_LINEA, ...d }) => ({
    ...d,
    GDE_CORREOS: d.GDE_CORREOS ?? [],
    detalles: bienes
      .filter((b) => b.GDE_LINEA === GDE_LINEA)
      .map(({ GDE_LINEA: _linea, ...b }) => ({
        ...b,
        GDT_CANTIDAD: fijo(b.GDT_CANTIDAD, 6),
        GDT_ADICIONALES: (b.GDT_ADICIONALES as CampoAdicional[] | null) ?? [],
      })),
  }));
}

/** The company's guía whole; another company's (or another type) is not found. */
export async function findGuia(db: Executor, empresa: number, id: number): Promise<GuiaRemisionDetalle | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(f)
    .innerJoin(transportistas, eq(transportistas.TRA_CODIGO, f.TRA_CODIGO))
    .innerJoin(guias, eq(guias.FAC_CODIGO, f.FAC_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .leftJoin(sriCola, eq(sriCola.FAC_CODIGO, f.FAC_CODIGO))
    .where(propia(empresa, id));
  if (!row) return undefined;
  const destinatarios = await destinatariosDe(db, id);
  return {
    ...toGuia(row),
    TRA_TIPO_IDENTIFICACION: row.TRA_TIPO_IDENTIFICACION,
    GUI_DIR_PARTIDA: row.GUI_DIR_PARTIDA,
    EST_DIRECCION: row.EST_DIRECCION,
    FAC_SECUENCIAL: row.FAC_SECUENCIAL,
    FAC_AMBIENTE: row.FAC_AMBIENTE,
    ...camposEmitido(row),
    destinatarios: destinatarios.map(({ SUSTENTO_AUTORIZACION: _a, SUSTENTO_ESTADO: _e, ...d }) => d),
  };
}

/** The carrier a draft names, if it is the company's. */
export async function findTransportista(db: Executor, empresa: number, id: number) {
  const [row] = await db
    .select({
      TRA_CODIGO: transportistas.TRA_CODIGO,
      TRA_ACTIVO: transportistas.TRA_ACTIVO,
    })
    .from(transportistas)
    .where(and(eq(transportistas.TRA_CODIGO, id), eq(transportistas.EMP_CODIGO, empresa)));
  return row;
}

/** Which of these clients are the company's. */
export async function clientesDeEmpresa(db: Executor, empresa: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: clientes.CLI_CODIGO })
    .from(clientes)
    .where(and(inArray(clientes.CLI_CODIGO, ids), eq(clientes.EMP_CODIGO, empresa)));
  return new Set(rows.map((r) => r.id));
}

/** Which of these catalogue products are the company's. */
export async function productosDeEmpresa(db: Executor, empresa: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: catalogo.CAT_CODIGO })
    .from(catalogo)
    .where(and(inArray(catalogo.CAT_CODIGO, ids), eq(catalogo.EMP_CODIGO, empresa)));
  return new Set(rows.map((r) => r.id));
}

/** The facturas among `ids` the scope sees (a seller: its clients' and the consumidor final's), with their state. */
export async function facturasVisibles(db: Executor, alcance: AlcanceDocumentos, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: f.FAC_CODIGO, estado: f.FAC_ESTADO })
    .from(f)
    .where(and(inArray(f.FAC_CODIGO, ids), eq(f.FAC_TIPO, FACTURA), visible(alcance)));
  return new Map(rows.map((r) => [r.id, r.estado]));
}

export type ValoresTransporte = Omit<typeof guias.$inferInsert, 'FAC_CODIGO'>;
export type ValoresDestinatario = Omit<typeof guiasDestinatarios.$inferInsert, 'FAC_CODIGO' | 'GDE_LINEA'> & {
  detalles: Array<Omit<typeof guiasDetalles.$inferInsert, 'FAC_CODIGO' | 'GDE_LINEA' | 'GDT_LINEA'>>;
};

/** Writes (or rewrites) a guía's transport, destinatarios and goods: the old ones go with the transport's row (cascade). */
export async function escribirGuia(tx: Executor, id: number, transporte: ValoresTransporte, destinatarios: ValoresDestinatario[]) {
  await tx.delete(guias).where(eq(guias.FAC_CODIGO, id));
  await tx.insert(guias).values({ ...transporte, FAC_CODIGO: id });
  if (!destinatarios.length) return;
  await tx
    .insert(guiasDestinatarios)
    .values(destinatarios.map(({ detalles: _detalles, ...d }, i) => ({ ...d, FAC_CODIGO: id, GDE_LINEA: i + 1 })));
  const bienes = destinatarios.flatMap((d, i) => d.detalles.map((b, j) => ({ ...b, FAC_CODIGO: id, GDE_LINEA: i + 1, GDT_LINEA: j + 1 })));
  // In slices: 100 destinatarios of 1000 goods would pass the statement's parameters' limit.
  for (let i = 0; i < bienes.length; i += 5000) await tx.insert(guiasDetalles).values(bienes.slice(i, i + 5000));
}

/** The factura `id` the scope sees, with what a guía takes of it: its series, state, buyer and establishment's address. */
export async function facturaParaGuia(db: Executor, alcance: AlcanceDocumentos, id: number) {
  const [row] = await db
    .select({
      FAC_CODIGO: f.FAC_CODIGO,
      FAC_ESTADO: f.FAC_ESTADO,
      PEM_CODIGO: f.PEM_CODIGO,
      EST_DIRECCION: establecimientos.EST_DIRECCION,
      CLI_CODIGO: clientes.CLI_CODIGO,
      CLI_IDENTIFICACION: clientes.CLI_IDENTIFICACION,
      CLI_RAZON_SOCIAL: clientes.CLI_RAZON_SOCIAL,
      CLI_DIRECCION: clientes.CLI_DIRECCION,
      CLI_CORREOS: clientes.CLI_CORREOS,
    })
    .from(f)
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(and(eq(f.FAC_CODIGO, id), eq(f.FAC_TIPO, FACTURA), visible(alcance)));
  return row;
}
