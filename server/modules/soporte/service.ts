import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { administradores, archivos, asesores, productos, soporte, soporteHistorial } from '../../infra/db/schema';
import type { FastifyRequest } from 'fastify';
import type { FileStore, StoredFile, UploadRules } from '../../infra/files';
import { HttpError } from '../../core/errors';
import { richTextToPlain } from '../../infra/sanitize';
import { MSG } from '../../../src/domain/messages';
import { TICKET_FILE_MAX_BYTES } from '../../../src/domain/constants';
import { TICKET_MSG, ticketStateLabel, ticketSubjectLabel } from '../../../src/domain/tickets';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Same rules for the customer's and the adviser's attachment (spec §5, §9). */
export const TICKET_FILE_RULES: UploadRules = {
  kinds: ['zip', 'rar'], maxBytes: TICKET_FILE_MAX_BYTES, typeMessage: MSG.ticketFileType, sizeMessage: MSG.ticketFileSize,
};

/** Who made a change: an administrator, or the customer (ADM_CODIGO null). */
export type Actor = { ADM_CODIGO: number | null; usuario: string };
export const CUSTOMER: Actor = { ADM_CODIGO: null, usuario: 'cliente' };

export type HistoryAction = 'creacion' | 'archivo_cliente' | 'asignacion' | 'estado' | 'archivo_asesor' | 'respuesta' | 'comentario';

export async function addHistory(db: Executor, ticket: number, actor: Actor, entry: {
  accion: HistoryAction; descripcion: string; anterior?: string | null; nuevo?: string | null; comentario?: string | null;
}) {
  await db.insert(soporteHistorial).values({
    SPT_ID: ticket, ADM_CODIGO: actor.ADM_CODIGO, HIS_USUARIO: actor.usuario, HIS_ACCION: entry.accion,
    HIS_DESCRIPCION: entry.descripcion, HIS_ESTADO_ANTERIOR: entry.anterior ?? null, HIS_ESTADO_NUEVO: entry.nuevo ?? null,
    HIS_COMENTARIO: entry.comentario || null,
  });
}

export async function adminActor(db: Db, admin: number): Promise<Actor> {
  const [row] = await db.select({ usuario: administradores.ADM_USUARIO }).from(administradores).where(eq(administradores.ADM_CODIGO, admin));
  return { ADM_CODIGO: admin, usuario: row?.usuario ?? `admin ${admin}` };
}

/** Columns of a ticket row in lists and searches (no message body). */
export const ticketRowColumns = {
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

type RowWithDates = { SPT_FECHA: Date; SPT_ACTUALIZADO: Date };
export const serializeRow = <T extends RowWithDates>(row: T) => ({
  ...row, SPT_FECHA: row.SPT_FECHA.toISOString(), SPT_ACTUALIZADO: row.SPT_ACTUALIZADO.toISOString(),
});

/** The whole ticket as the desk shows it: row, message, reply, both attachments, history, allowed next states. */
export async function loadTicket(db: Executor, id: number) {
  const [row] = await db.select({
    ...ticketRowColumns,
    SPT_MENSAJE: soporte.SPT_MENSAJE, SPT_RESPUESTA: soporte.SPT_RESPUESTA, SPT_CORREO_ENVIADO: soporte.SPT_CORREO_ENVIADO,
    ASE_CORREO: asesores.ASE_CORREO, clientFile: soporte.SPT_ARCHIVOCLIENTE, adviserFile: soporte.SPT_ARCHIVOASESOR,
  }).from(soporte)
    .innerJoin(productos, eq(productos.PROD_ID, soporte.SPT_PRODUCTOS))
    .leftJoin(asesores, eq(asesores.ASE_CODIGO, soporte.ASE_CODIGO))
    .where(eq(soporte.SPT_ID, id));
  if (!row) return undefined;
  const fileIds = [row.clientFile, row.adviserFile].filter((v): v is string => Boolean(v));
  const files = fileIds.length ? await db.select().from(archivos).where(inArray(archivos.ARC_ID, fileIds)) : [];
  const describe = (fileId: string | null) => {
    const file = files.find((f) => f.ARC_ID === fileId);
    return file ? { ARC_NOMBRE: file.ARC_NOMBRE, ARC_TAMANO: file.ARC_TAMANO, ARC_TIPO: file.ARC_TIPO, ARC_FECHA: file.ARC_FECHA.toISOString() } : null;
  };
  const history = await db.select({
    HIS_ID: soporteHistorial.HIS_ID, HIS_FECHA: soporteHistorial.HIS_FECHA, HIS_ACCION: soporteHistorial.HIS_ACCION,
    HIS_DESCRIPCION: soporteHistorial.HIS_DESCRIPCION, HIS_ESTADO_ANTERIOR: soporteHistorial.HIS_ESTADO_ANTERIOR,
    HIS_ESTADO_NUEVO: soporteHistorial.HIS_ESTADO_NUEVO, HIS_COMENTARIO: soporteHistorial.HIS_COMENTARIO,
    ADM_CODIGO: soporteHistorial.ADM_CODIGO, ADM_USUARIO: soporteHistorial.HIS_USUARIO,
  }).from(soporteHistorial).where(eq(soporteHistorial.SPT_ID, id)).orderBy(asc(soporteHistorial.HIS_ID));
  const { clientFile, adviserFile, ...rest } = row;
  return {
    ...serializeRow(rest),
    archivoCliente: describe(clientFile),
    archivoAsesor: describe(adviserFile),
    historial: history.map((h) => ({ ...h, HIS_FECHA: h.HIS_FECHA.toISOString() })),
  };
}

export type TicketDetail = NonNullable<Awaited<ReturnType<typeof loadTicket>>>;

type MailTicket = { SPT_ID: number; PROD_NOMBRE: string; SPT_ASUNTO: string; SPT_CLIENTENOMBRE: string; SPT_ESTADO: string };

const ticketHeader = (t: MailTicket) =>
  `Ticket: #${t.SPT_ID}\nProducto: ${t.PROD_NOMBRE}\nAsunto: ${ticketSubjectLabel(t.SPT_ASUNTO)}\nEstado: ${ticketStateLabel(t.SPT_ESTADO)}\n`;

/** Confirmation to the customer after the public form (soporte/correo). */
export function customerConfirmation(t: MailTicket & { SPT_MENSAJE: string; SPT_NOMBREARCHIVO: string | null }) {
  return {
    subject: `Amelia: recibimos su ticket de soporte #${t.SPT_ID}`,
    text: `Hola ${t.SPT_CLIENTENOMBRE}:\n\nRecibimos su solicitud de soporte. Su número de ticket es #${t.SPT_ID}; menciónelo si nos contacta.\n\n`
      + `${ticketHeader(t)}${t.SPT_NOMBREARCHIVO ? `Archivo adjunto: ${t.SPT_NOMBREARCHIVO}\n` : ''}\nSu mensaje:\n${richTextToPlain(t.SPT_MENSAJE)}\n\n`
      + 'Un asesor le responderá a este correo. Gracias por escribirnos.\n',
  };
}

/** Notice to the support team's address (configuraciones 3). */
export function supportNotice(t: MailTicket & { SPT_MENSAJE: string; SPT_NOMBREARCHIVO: string | null; SPT_RUC: string; SPT_CLIENTECORREO: string; SPT_CLIENTETELEFONO: string | null }) {
  return {
    subject: `Nuevo ticket de soporte #${t.SPT_ID}: ${ticketSubjectLabel(t.SPT_ASUNTO)} — ${t.SPT_CLIENTENOMBRE}`,
    text: `Se registró un ticket de soporte desde el formulario público.\n\n${ticketHeader(t)}`
      + `Cliente: ${t.SPT_CLIENTENOMBRE}\nRUC/Cédula: ${t.SPT_RUC}\nCorreo: ${t.SPT_CLIENTECORREO}\nTeléfono: ${t.SPT_CLIENTETELEFONO ?? '(no indicado)'}\n`
      + `Archivo adjunto: ${t.SPT_NOMBREARCHIVO ?? '(ninguno)'}\n\nMensaje:\n${richTextToPlain(t.SPT_MENSAJE)}\n`,
  };
}

export function stateChangeMail(t: MailTicket, comment?: string | null) {
  const label = ticketStateLabel(t.SPT_ESTADO);
  return {
    subject: `Su ticket #${t.SPT_ID} cambió a ${label}`,
    text: `Hola ${t.SPT_CLIENTENOMBRE}:\n\nSu ticket #${t.SPT_ID} cambió a ${label}.\n\n${ticketHeader(t)}`
      + `${comment ? `\nComentario del asesor:\n${comment}\n` : ''}\nGracias por confiar en Amelia.\n`,
  };
}

export function replyMail(t: MailTicket, replyHtml: string, stateChanged: boolean) {
  const plain = richTextToPlain(replyHtml);
  const changed = stateChanged ? `Su ticket #${t.SPT_ID} cambió a ${ticketStateLabel(t.SPT_ESTADO)}.\n\n` : '';
  return {
    subject: `Respuesta a su ticket #${t.SPT_ID}`,
    text: `Hola ${t.SPT_CLIENTENOMBRE}:\n\nUn asesor respondió su ticket #${t.SPT_ID}.\n\n${changed}${ticketHeader(t)}\nRespuesta:\n${plain}\n`,
    html: `<p>Hola ${escapeHtml(t.SPT_CLIENTENOMBRE)}:</p><p>Un asesor respondió su ticket #${t.SPT_ID}.</p>`
      + `${stateChanged ? `<p>Su ticket #${t.SPT_ID} cambió a ${escapeHtml(ticketStateLabel(t.SPT_ESTADO))}.</p>` : ''}`
      + `<hr>${replyHtml}`,
  };
}

export function assignmentMail(t: MailTicket & { SPT_CLIENTECORREO: string }, adviser: string) {
  return {
    subject: `Se le asignó el ticket de soporte #${t.SPT_ID}`,
    text: `Hola ${adviser}:\n\nSe le asignó el ticket #${t.SPT_ID} de ${t.SPT_CLIENTENOMBRE} (${t.SPT_CLIENTECORREO}).\n\n${ticketHeader(t)}`,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Escapes % _ and \ for a LIKE/ILIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SIDES = {
  cliente: { column: soporte.SPT_ARCHIVOCLIENTE, key: 'SPT_ARCHIVOCLIENTE', accion: 'archivo_cliente', who: 'El cliente' },
  asesor: { column: soporte.SPT_ARCHIVOASESOR, key: 'SPT_ARCHIVOASESOR', accion: 'archivo_asesor', who: 'El asesor' },
} as const;

/**
 * Stores the request's zip/rar as the customer's or the adviser's file of a ticket, replacing the previous
 * one, with a history row. The new file is removed again if the ticket cannot be updated.
 */
export async function attachTicketFile(db: Db, files: FileStore, request: FastifyRequest, id: number, side: keyof typeof SIDES, actor: Actor): Promise<StoredFile> {
  const { column, key, accion, who } = SIDES[side];
  const [ticket] = await db.select({ previous: column }).from(soporte).where(eq(soporte.SPT_ID, id));
  if (!ticket) throw new HttpError(404, TICKET_MSG.ticketNotFound(id));
  const stored = await files.saveUpload(request, TICKET_FILE_RULES, `soporte:${id}:${side}`);
  try {
    await db.transaction(async (tx) => {
      await tx.update(soporte)
        .set({ [key]: stored.ARC_ID, SPT_ACTUALIZADO: new Date(), ...(side === 'cliente' ? { SPT_NOMBREARCHIVO: stored.ARC_NOMBRE } : {}) })
        .where(eq(soporte.SPT_ID, id));
      await addHistory(tx, id, actor, { accion, descripcion: `${who} adjuntó el archivo ${stored.ARC_NOMBRE} (${stored.ARC_TAMANO} bytes)` });
    });
  } catch (error) {
    await files.remove(stored.ARC_ID);
    throw error;
  }
  if (ticket.previous) await files.remove(ticket.previous);
  return stored;
}
