import type { Db } from '../../infra/db/client';
import type { FileStore, StoredFile, Upload } from '../../infra/files';
import { HttpError } from '../../core/errors';
import { TICKET_FILE } from '../../../domain/archivos';
import { TICKET_MSG } from '../../../domain/tickets';
import { addHistory, ticketExists, ticketFileIds, updateTicket, type Actor } from './repo';
import { lockOr404, notFound } from './service';

const SIDES = {
  cliente: { key: 'SPT_ARCHIVOCLIENTE', accion: 'archivo_cliente', who: 'El cliente' },
  asesor: { key: 'SPT_ARCHIVOASESOR', accion: 'archivo_asesor', who: 'El asesor' },
} as const;
type TicketSide = keyof typeof SIDES;

/**
 * Stores an upload as the customer's or the adviser's file of a ticket, with a history row. The upload is read only
 * once the ticket is known to exist. The ticket's row is locked while the file replaces the previous one, so of
 * simultaneous uploads each replaces the one before it and the last stays; a replaced file is removed after the commit.
 */
export async function attachTicketFile(
  db: Db,
  files: FileStore,
  id: number,
  side: TicketSide,
  actor: Actor,
  upload: () => Promise<Upload>,
): Promise<StoredFile> {
  const { key, accion, who } = SIDES[side];
  if (!(await ticketExists(db, id))) throw notFound(id);
  return files.save(await upload(), TICKET_FILE, `soporte:${id}:${side}`, async (tx, stored, release) => {
    const ticket = await lockOr404(tx, id);
    await updateTicket(tx, id, { [key]: stored.ARC_ID, ...(side === 'cliente' ? { SPT_NOMBREARCHIVO: stored.ARC_NOMBRE } : {}) });
    await addHistory(tx, id, actor, { accion, descripcion: `${who} adjuntó el archivo ${stored.ARC_NOMBRE} (${stored.ARC_TAMANO} bytes)` });
    await release(ticket[key]);
    return stored;
  });
}

/** The file of one side of a ticket, for download; 404 with the reason when there is none. */
export async function ticketFile(db: Db, files: FileStore, id: number, side: TicketSide) {
  const current = await ticketFileIds(db, id);
  if (!current) throw notFound(id);
  const stored = current[side] ? await files.open(current[side]) : undefined;
  if (!stored) throw new HttpError(404, side === 'cliente' ? TICKET_MSG.noClientFile : TICKET_MSG.noAdviserFile);
  if (!stored.body) throw new HttpError(404, TICKET_MSG.fileMissingOnDisk);
  return { ...stored, body: stored.body };
}
