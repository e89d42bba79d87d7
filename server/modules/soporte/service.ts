import type { Db, Tx } from '../../infra/db/client';
import type { FileStore } from '../../infra/files';
import type { Mail, Mailer } from '../../infra/mail';
import { isRichTextEmpty, richTextToPlain, sanitizeRichText } from '../../infra/sanitize';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../domain/messages';
import { CONTACTO_MSG, estaEnmascarado } from '../../../domain/contacto';
import {
  canTransition,
  isTicketState,
  TICKET_CLOSED,
  TICKET_INITIAL_STATE,
  TICKET_MSG,
  TICKET_STATE_LABELS,
  TICKET_TRANSITIONS,
  type TicketState,
} from '../../../domain/tickets';
import { findProducto } from '../productos';
import { findActiveAsesor } from '../asesores';
import { supportAddress } from '../configuraciones';
import type { TicketChange, TicketDetail, TicketForm, TicketThreadMessage } from './contract';
import {
  addHistory,
  addReply,
  claimNewTicketMails,
  CUSTOMER,
  deleteTicket,
  insertTicket,
  loadTicket,
  lockTicket,
  ticketExists,
  updateTicket,
  type Actor,
} from './repo';
import { assignmentMail, customerConfirmation, replyMail, stateChangeMail, supportNotice } from './mails';

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export const notFound = (id: number) => new HttpError(404, TICKET_MSG.ticketNotFound(id));

/**
 * The ticket as the desk shows it: its thread (the customer's message, then every reply, oldest first) and the states
 * it may move to; 404 when there is no such ticket.
 */
export async function ticketDetail(db: Db, id: number): Promise<TicketDetail> {
  const loaded = await loadTicket(db, id);
  if (!loaded) throw notFound(id);
  const { respuestas, ...ticket } = loaded;
  const hilo: TicketThreadMessage[] = [
    {
      tipo: 'cliente',
      SRE_ID: null,
      fecha: ticket.SPT_FECHA,
      autor: ticket.SPT_CLIENTENOMBRE,
      ADM_USUARIO: null,
      html: ticket.SPT_MENSAJE,
    },
    ...respuestas.map((r) => ({
      tipo: 'asesor' as const,
      SRE_ID: r.SRE_ID,
      fecha: r.SRE_FECHA,
      autor: r.SRE_NOMBRE ?? r.SRE_USUARIO ?? TICKET_MSG.unknownAdviser,
      ADM_USUARIO: r.SRE_USUARIO,
      html: r.SRE_HTML,
    })),
  ];
  return { ...ticket, hilo, transiciones: isTicketState(ticket.SPT_ESTADO) ? [...TICKET_TRANSITIONS[ticket.SPT_ESTADO]] : [] };
}

/** Sanitized rich text; 400 when nothing visible is left. */
function richText(html: string): string {
  const clean = sanitizeRichText(html);
  if (isRichTextEmpty(clean)) throw new HttpError(400, MSG.ticketEmptyText);
  return clean;
}

export async function lockOr404(tx: Tx, id: number) {
  const ticket = await lockTicket(tx, id);
  if (!ticket) throw notFound(id);
  return ticket;
}

/** Moves a ticket along its lifecycle (409 when the move is not allowed), with a history row. */
async function changeState(tx: Tx, id: number, actor: Actor, from: string, to: TicketState, comment: string | null) {
  if (!isTicketState(from) || !canTransition(from, to)) throw new HttpError(409, TICKET_MSG.invalidTransition(from, to));
  await updateTicket(tx, id, { SPT_ESTADO: to });
  await addHistory(tx, id, actor, {
    accion: 'estado',
    descripcion: `Estado cambiado de ${TICKET_STATE_LABELS[from]} a ${TICKET_STATE_LABELS[to]}`,
    anterior: from,
    nuevo: to,
    comentario: comment,
  });
}

/** Mails after a committed change: a failure is logged, the change stands. */
async function sendAfterCommit(mailer: Mailer, log: Log, mails: Mail[]) {
  for (const mail of mails) {
    try {
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: { message: (error as Error).message }, subject: mail.subject }, 'no se pudo enviar un correo del ticket');
    }
  }
}

/** A ticket from the public form: an active product, sanitized message, initial state and a history row. */
export async function createTicket(db: Db, form: TicketForm) {
  // The masked email a lookup shows is no address to answer to.
  if (estaEnmascarado(form.SPT_CLIENTECORREO)) throw new HttpError(400, CONTACTO_MSG.correoOculto);
  const product = await findProducto(db, form.SPT_PRODUCTOS);
  if (!product?.PROD_ACTIVO) throw new HttpError(400, TICKET_MSG.productNotFound);
  const mensaje = richText(form.SPT_MENSAJE);
  return db.transaction(async (tx) => {
    const created = await insertTicket(tx, {
      SPT_PRODUCTOS: form.SPT_PRODUCTOS,
      SPT_RUC: form.SPT_RUC,
      SPT_CLIENTENOMBRE: form.SPT_CLIENTENOMBRE.trim(),
      SPT_CLIENTECORREO: form.SPT_CLIENTECORREO.trim(),
      SPT_CLIENTETELEFONO: form.SPT_CLIENTETELEFONO?.trim() || null,
      SPT_ASUNTO: form.SPT_ASUNTO,
      SPT_MENSAJE: mensaje,
      SPT_ESTADO: TICKET_INITIAL_STATE,
    });
    await addHistory(tx, created.SPT_ID, CUSTOMER, {
      accion: 'creacion',
      descripcion: 'Ticket creado desde el formulario público',
      nuevo: created.SPT_ESTADO,
    });
    return created;
  });
}

/**
 * The confirmation to the customer and the notice to the support address, once per ticket: false when they
 * went out before. Sent inside the transaction: if a message fails, the ticket stays "not sent" and the call can be retried.
 */
export async function sendNewTicketMails(db: Db, mailer: Mailer, log: Log, id: number): Promise<boolean> {
  const support = await supportAddress(db);
  return db.transaction(async (tx) => {
    const ticket = await claimNewTicketMails(tx, id);
    if (!ticket) {
      if (!(await ticketExists(tx, id))) throw notFound(id);
      return false;
    }
    await mailer.send(customerConfirmation(ticket));
    if (support) await mailer.send(supportNotice(ticket, support));
    else log.warn({}, 'la configuración del correo de soporte no tiene una dirección; no se avisó al equipo');
    return true;
  });
}

/**
 * Assigns (or unassigns) an adviser, changes the state and/or records a comment, each with a history row; then mails
 * the customer about a new state and the adviser about the assignment.
 */
export async function changeTicket(
  db: Db,
  mailer: Mailer,
  log: Log,
  id: number,
  actor: Actor,
  change: TicketChange,
): Promise<TicketDetail> {
  const { ASE_CODIGO, SPT_ESTADO } = change;
  const comment = change.comentario?.trim() || null;
  const outcome = await db.transaction(async (tx) => {
    const ticket = await lockOr404(tx, id);
    let adviser: { ASE_NOMBRE: string; ASE_CORREO: string | null } | undefined;
    if (ASE_CODIGO !== undefined && ASE_CODIGO !== ticket.ASE_CODIGO) {
      if (ASE_CODIGO === null) {
        await updateTicket(tx, id, { ASE_CODIGO: null });
        await addHistory(tx, id, actor, { accion: 'asignacion', descripcion: 'Se quitó el asesor asignado' });
      } else {
        adviser = await findActiveAsesor(tx, ASE_CODIGO);
        if (!adviser) throw new HttpError(400, TICKET_MSG.adviserNotFound);
        await updateTicket(tx, id, { ASE_CODIGO });
        await addHistory(tx, id, actor, { accion: 'asignacion', descripcion: `Ticket asignado a ${adviser.ASE_NOMBRE}` });
      }
    }
    const stateChanged = SPT_ESTADO !== undefined && SPT_ESTADO !== ticket.SPT_ESTADO;
    if (stateChanged) await changeState(tx, id, actor, ticket.SPT_ESTADO, SPT_ESTADO, comment);
    else if (comment) {
      await updateTicket(tx, id, {});
      await addHistory(tx, id, actor, { accion: 'comentario', descripcion: 'Nota del asesor', comentario: comment });
    }
    return { adviser, stateChanged };
  });
  const ticket = await ticketDetail(db, id);
  const mails: Mail[] = [];
  if (outcome.stateChanged) mails.push(stateChangeMail(ticket, comment));
  if (outcome.adviser?.ASE_CORREO)
    mails.push(assignmentMail(ticket, { ASE_NOMBRE: outcome.adviser.ASE_NOMBRE, ASE_CORREO: outcome.adviser.ASE_CORREO }));
  await sendAfterCommit(mailer, log, mails);
  return ticket;
}

/**
 * Adds the adviser's reply to the thread (SPT_RESPUESTA keeps the last one), optionally moving the state in the same
 * step, and mails it to the customer. A closed ticket answers 409 and keeps as it was: it is reopened first.
 */
export async function replyToTicket(
  db: Db,
  mailer: Mailer,
  log: Log,
  id: number,
  actor: Actor,
  html: string,
  target?: TicketState,
): Promise<TicketDetail> {
  const reply = richText(html);
  const stateChanged = await db.transaction(async (tx) => {
    const ticket = await lockOr404(tx, id);
    if (ticket.SPT_ESTADO === TICKET_CLOSED) throw new HttpError(409, TICKET_MSG.closedReply);
    const changing = target !== undefined && target !== ticket.SPT_ESTADO;
    if (changing) await changeState(tx, id, actor, ticket.SPT_ESTADO, target, null);
    await updateTicket(tx, id, { SPT_RESPUESTA: reply });
    await addReply(tx, id, actor, reply);
    await addHistory(tx, id, actor, {
      accion: 'respuesta',
      descripcion: 'Respuesta enviada al cliente',
      comentario: richTextToPlain(reply),
    });
    return changing;
  });
  const ticket = await ticketDetail(db, id);
  await sendAfterCommit(mailer, log, [replyMail(ticket, reply, stateChanged)]);
  return ticket;
}

/** Deletes a ticket with its history and its files' rows; the files' bytes go after the commit. */
export async function removeTicket(files: FileStore, id: number) {
  await files.transaction(async (tx, release) => {
    const ticket = await lockOr404(tx, id);
    await deleteTicket(tx, id);
    await release(ticket.SPT_ARCHIVOCLIENTE);
    await release(ticket.SPT_ARCHIVOASESOR);
  });
}
