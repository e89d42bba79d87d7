import { and, count, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../infra/db/client';
import {
  administradores,
  archivos,
  asesores,
  empresas,
  productos,
  soporte,
  soporteContadores,
  soporteHistorial,
  soporteRespuestas,
} from '../../infra/db/schema';
import {
  boundsOf,
  contains,
  embed,
  pageCondition,
  paged,
  readPage,
  startsWith,
  type Bind,
  type ListQuery,
  type ListSpec,
  type PageRequest,
} from '../../core/list';
import { TICKET_STATES, TICKET_SUBJECTS } from '../../../domain/tickets';
import type { Ticket, TicketFile, TicketHistory } from './contract';

/** A reply as the ticket's statement reads it (the service puts it in the thread). */
type StoredReply = { SRE_ID: number; SRE_FECHA: string; SRE_USUARIO: string | null; SRE_NOMBRE: string | null; SRE_HTML: string };
import { isoText, prepared } from '../../infra/db/prepared';

/** Who made a change: an administrator (with the name a reply shows), or the customer (ADM_CODIGO null). */
export type Actor = { ADM_CODIGO: number | null; usuario: string; nombre: string | null };
export const CUSTOMER: Actor = { ADM_CODIGO: null, usuario: 'cliente', nombre: null };

type HistoryAction = 'creacion' | 'archivo_cliente' | 'asignacion' | 'estado' | 'archivo_asesor' | 'respuesta' | 'comentario';

/** Columns of a ticket row in lists and searches (no message body). */
const ticketColumns = {
  SPT_ID: soporte.SPT_ID,
  SPT_FECHA: soporte.SPT_FECHA,
  SPT_ACTUALIZADO: soporte.SPT_ACTUALIZADO,
  SPT_PRODUCTOS: soporte.SPT_PRODUCTOS,
  PROD_NOMBRE: productos.PROD_NOMBRE,
  SPT_RUC: soporte.SPT_RUC,
  SPT_CLIENTENOMBRE: soporte.SPT_CLIENTENOMBRE,
  SPT_CLIENTECORREO: soporte.SPT_CLIENTECORREO,
  SPT_CLIENTETELEFONO: soporte.SPT_CLIENTETELEFONO,
  SPT_ASUNTO: soporte.SPT_ASUNTO,
  SPT_ESTADO: soporte.SPT_ESTADO,
  SPT_NOMBREARCHIVO: soporte.SPT_NOMBREARCHIVO,
  ASE_CODIGO: soporte.ASE_CODIGO,
  ASE_NOMBRE: asesores.ASE_NOMBRE,
};

const serialize = <T extends { SPT_FECHA: Date; SPT_ACTUALIZADO: Date }>(row: T) => ({
  ...row,
  SPT_FECHA: row.SPT_FECHA.toISOString(),
  SPT_ACTUALIZADO: row.SPT_ACTUALIZADO.toISOString(),
});

/** Tickets with their product's and adviser's names. */
const selectTickets = (db: Db) =>
  db
    .select(ticketColumns)
    .from(soporte)
    .innerJoin(productos, eq(productos.PROD_ID, soporte.SPT_PRODUCTOS))
    .leftJoin(asesores, eq(asesores.ASE_CODIGO, soporte.ASE_CODIGO));

/** A ticket number, a RUC or cédula (10+ digits, prefix), or part of the customer's name. */
function ticketSearch(text: string, bind: Bind = embed): SQL {
  if (/^[0-9]+$/.test(text)) return text.length >= 10 ? startsWith(soporte.SPT_RUC, text, bind) : eq(soporte.SPT_ID, bind(Number(text)));
  return contains(soporte.SPT_CLIENTENOMBRE, text, bind);
}

/**
 * Which tickets a desk user sees: every ticket (administrators, undefined), or those of one distributor's companies.
 * A ticket is a company's when SPT_RUC is its RUC, or the cédula of a natural person whose RUC is that cédula + 001.
 */
export type TicketScope = number | undefined;

function inScope(scope: TicketScope): SQL | undefined {
  if (scope === undefined) return undefined;
  // IN over the distributor's few RUCs lets the soporte_ruc index find the tickets, instead of testing every ticket.
  return sql`${soporte.SPT_RUC} IN (
    SELECT ${empresas.EMP_RUC} FROM ${empresas} WHERE ${empresas.EMP_DISTRIBUIDOR} = ${scope}
    UNION ALL SELECT left(${empresas.EMP_RUC}, 10) FROM ${empresas} WHERE ${empresas.EMP_DISTRIBUIDOR} = ${scope} AND ${empresas.EMP_RUC} LIKE '%001')`;
}

const list: ListSpec<'SPT_ID' | 'SPT_FECHA' | 'id'> = {
  resource: 'soporte',
  table: soporte,
  key: soporte.SPT_ID,
  sort: { SPT_ID: [soporte.SPT_ID], SPT_FECHA: [soporte.SPT_FECHA, soporte.SPT_ID], id: [soporte.SPT_ID] },
  defaultSort: ['SPT_ID', 'DESC'],
  filters: {
    q: { type: 'search', where: ticketSearch },
    SPT_ESTADO: { type: 'enum', column: soporte.SPT_ESTADO, values: TICKET_STATES },
    SPT_PRODUCTOS: { type: 'integer', column: soporte.SPT_PRODUCTOS },
    SPT_ASUNTO: { type: 'enum', column: soporte.SPT_ASUNTO, values: TICKET_SUBJECTS },
    ASE_CODIGO: { type: 'integer', column: soporte.ASE_CODIGO },
    sinAsesor: { type: 'flag', where: isNull(soporte.ASE_CODIGO) },
    id: { type: 'ids', column: soporte.SPT_ID },
  },
  defaultRange: [0, 24],
};

const ticketPage = (db: Db, request: PageRequest) => paged(selectTickets(db).$dynamic(), request);

export const listTickets = (db: Db, query: ListQuery, scope: TicketScope) =>
  readPage(db, list, query, ticketPage, serialize, inScope(scope));

/**
 * The most recent tickets matching a search text. The matching tickets are collected through the search's index
 * (trigram on the name, prefix on the RUC, or the number) before they are ordered and limited.
 */
export async function searchTickets(db: Db, text: string, limit: number, scope: TicketScope): Promise<Ticket[]> {
  const where = and(ticketSearch(text), inScope(scope));
  const page = pageCondition(
    soporte.SPT_ID,
    soporte,
    { where, sortColumns: [soporte.SPT_ID], descending: true, searching: true },
    boundsOf(0, limit),
  );
  return (await selectTickets(db).where(page).orderBy(desc(soporte.SPT_ID))).map(serialize);
}

/** An attachment's description inside the ticket's one statement: null when the ticket has none. */
const fileOf = (fileId: AnyColumn) =>
  sql<TicketFile>`(SELECT json_build_object('ARC_NOMBRE', ${archivos.ARC_NOMBRE}, 'ARC_TAMANO', ${archivos.ARC_TAMANO},
    'ARC_TIPO', ${archivos.ARC_TIPO}, 'ARC_FECHA', ${isoText(archivos.ARC_FECHA)}) FROM ${archivos} WHERE ${archivos.ARC_ID} = ${fileId})`;

/**
 * The ticket with message, reply, attachments and history in one prepared statement (the desk opens a ticket more than
 * anything else): one round trip, and no SQL built per request.
 */
const ticketDetailQuery = (db: Executor) =>
  db
    .select({
      ...ticketColumns,
      SPT_MENSAJE: soporte.SPT_MENSAJE,
      SPT_RESPUESTA: soporte.SPT_RESPUESTA,
      SPT_CORREO_ENVIADO: soporte.SPT_CORREO_ENVIADO,
      ASE_CORREO: asesores.ASE_CORREO,
      archivoCliente: fileOf(soporte.SPT_ARCHIVOCLIENTE),
      archivoAsesor: fileOf(soporte.SPT_ARCHIVOASESOR),
      historial: sql<TicketHistory[]>`(SELECT coalesce(json_agg(json_build_object(
        'HIS_ID', ${soporteHistorial.HIS_ID}, 'HIS_FECHA', ${isoText(soporteHistorial.HIS_FECHA)},
        'HIS_ACCION', ${soporteHistorial.HIS_ACCION}, 'HIS_DESCRIPCION', ${soporteHistorial.HIS_DESCRIPCION},
        'HIS_ESTADO_ANTERIOR', ${soporteHistorial.HIS_ESTADO_ANTERIOR}, 'HIS_ESTADO_NUEVO', ${soporteHistorial.HIS_ESTADO_NUEVO},
        'HIS_COMENTARIO', ${soporteHistorial.HIS_COMENTARIO}, 'ADM_CODIGO', ${soporteHistorial.ADM_CODIGO},
        'ADM_USUARIO', ${soporteHistorial.HIS_USUARIO}) ORDER BY ${soporteHistorial.HIS_ID}), '[]'::json)
        FROM ${soporteHistorial} WHERE ${soporteHistorial.SPT_ID} = ${soporte.SPT_ID})`,
      respuestas: sql<StoredReply[]>`(SELECT coalesce(json_agg(json_build_object(
        'SRE_ID', ${soporteRespuestas.SRE_ID}, 'SRE_FECHA', ${isoText(soporteRespuestas.SRE_FECHA)},
        'SRE_USUARIO', ${soporteRespuestas.SRE_USUARIO}, 'SRE_NOMBRE', ${soporteRespuestas.SRE_NOMBRE},
        'SRE_HTML', ${soporteRespuestas.SRE_HTML}) ORDER BY ${soporteRespuestas.SRE_ID}), '[]'::json)
        FROM ${soporteRespuestas} WHERE ${soporteRespuestas.SPT_ID} = ${soporte.SPT_ID})`,
    })
    .from(soporte)
    .innerJoin(productos, eq(productos.PROD_ID, soporte.SPT_PRODUCTOS))
    .leftJoin(asesores, eq(asesores.ASE_CODIGO, soporte.ASE_CODIGO))
    .where(eq(soporte.SPT_ID, sql.placeholder('id')));

/** The ticket with message, replies, attachments and history; undefined when there is no such ticket. */
export async function loadTicket(db: Executor, id: number) {
  const [row] = await prepared(db, 'ticket_detalle', ticketDetailQuery).execute({ id });
  return row && serialize(row);
}

/** The ticket's row, locked until the transaction ends. */
export async function lockTicket(tx: Tx, id: number) {
  const [ticket] = await tx.select().from(soporte).where(eq(soporte.SPT_ID, id)).for('update');
  return ticket;
}

export async function ticketExists(db: Executor, id: number, scope?: TicketScope): Promise<boolean> {
  const [row] = await db
    .select({ id: soporte.SPT_ID })
    .from(soporte)
    .where(and(eq(soporte.SPT_ID, id), inScope(scope)));
  return Boolean(row);
}

export async function insertTicket(tx: Tx, values: typeof soporte.$inferInsert) {
  const [created] = await tx.insert(soporte).values(values).returning({ SPT_ID: soporte.SPT_ID, SPT_ESTADO: soporte.SPT_ESTADO });
  return created;
}

/** Changes a ticket's columns and its SPT_ACTUALIZADO. */
export async function updateTicket(tx: Tx, id: number, changes: Partial<typeof soporte.$inferInsert>) {
  await tx
    .update(soporte)
    .set({ ...changes, SPT_ACTUALIZADO: new Date() })
    .where(eq(soporte.SPT_ID, id));
}

/** Marks the new-ticket mails as sent; the ticket with its product name, or undefined if they were sent already (or no such ticket). */
export async function claimNewTicketMails(tx: Tx, id: number) {
  const [ticket] = await tx
    .update(soporte)
    .set({ SPT_CORREO_ENVIADO: true })
    .where(and(eq(soporte.SPT_ID, id), eq(soporte.SPT_CORREO_ENVIADO, false)))
    .returning();
  if (!ticket) return undefined;
  const [product] = await tx
    .select({ PROD_NOMBRE: productos.PROD_NOMBRE })
    .from(productos)
    .where(eq(productos.PROD_ID, ticket.SPT_PRODUCTOS));
  return { ...ticket, PROD_NOMBRE: product?.PROD_NOMBRE ?? '' };
}

export async function deleteTicket(tx: Tx, id: number) {
  await tx.delete(soporte).where(eq(soporte.SPT_ID, id));
}

export async function addHistory(
  db: Executor,
  ticket: number,
  actor: Actor,
  entry: {
    accion: HistoryAction;
    descripcion: string;
    anterior?: string | null;
    nuevo?: string | null;
    comentario?: string | null;
  },
) {
  await db.insert(soporteHistorial).values({
    SPT_ID: ticket,
    ADM_CODIGO: actor.ADM_CODIGO,
    HIS_USUARIO: actor.usuario,
    HIS_ACCION: entry.accion,
    HIS_DESCRIPCION: entry.descripcion,
    HIS_ESTADO_ANTERIOR: entry.anterior ?? null,
    HIS_ESTADO_NUEVO: entry.nuevo ?? null,
    HIS_COMENTARIO: entry.comentario || null,
  });
}

/** One more reply in the ticket's thread, by its author as they are called now. */
export async function addReply(tx: Tx, ticket: number, actor: Actor, html: string) {
  await tx.insert(soporteRespuestas).values({
    SPT_ID: ticket,
    ADM_CODIGO: actor.ADM_CODIGO,
    SRE_USUARIO: actor.usuario,
    SRE_NOMBRE: actor.nombre,
    SRE_HTML: html,
  });
}

export async function adminActor(db: Db, admin: number): Promise<Actor> {
  const [row] = await db
    .select({ usuario: administradores.ADM_USUARIO, nombre: administradores.ADM_NOMBRE })
    .from(administradores)
    .where(eq(administradores.ADM_CODIGO, admin));
  return { ADM_CODIGO: admin, usuario: row?.usuario ?? `admin ${admin}`, nombre: row?.nombre ?? null };
}

/**
 * Tickets by state, and how many of them have no adviser. Every ticket: the counters the triggers on soporte keep
 * (soporte_contadores, a few rows). A distributor's: counted over its companies' tickets only, which the soporte_ruc
 * index finds (bounded by that distributor's tickets, never the whole table).
 */
export async function countByState(db: Db, scope: TicketScope): Promise<Array<{ estado: string; n: number; sinAsesor: number }>> {
  if (scope === undefined) {
    return db
      .select({ estado: soporteContadores.SPT_ESTADO, n: soporteContadores.TOTAL, sinAsesor: soporteContadores.SIN_ASESOR })
      .from(soporteContadores);
  }
  return db
    .select({
      estado: soporte.SPT_ESTADO,
      n: count(),
      sinAsesor: sql<number>`count(*) FILTER (WHERE ${soporte.ASE_CODIGO} IS NULL)`.mapWith(Number),
    })
    .from(soporte)
    .where(inScope(scope))
    .groupBy(soporte.SPT_ESTADO);
}

/** The ids of the ticket's two attachments, by side; undefined when there is no such ticket. */
export async function ticketFileIds(db: Executor, id: number) {
  const [row] = await db
    .select({ cliente: soporte.SPT_ARCHIVOCLIENTE, asesor: soporte.SPT_ARCHIVOASESOR })
    .from(soporte)
    .where(eq(soporte.SPT_ID, id));
  return row;
}
