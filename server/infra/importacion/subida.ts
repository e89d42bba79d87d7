import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { HttpError } from '../../core/errors';
import { UploadRejected } from '../files';
import { MSG } from '../../../domain/messages';

const MALFORMED = 'El archivo debe enviarse como multipart/form-data completo, con el archivo en el campo current';
/** A multipart body's own bytes (boundaries, part headers) on top of the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export type ArchivoSubido = { filename: string; stream: Readable };

/**
 * The file of an import's multipart upload (field current) handed to `importar` while it streams: a body over the
 * limit is a 413 before or while it is read, a malformed one a 400. What the import did not read (a refused file) is
 * drained, so that the answer is not held by the rest of the upload.
 */
export async function conArchivoSubido<T>(
  request: FastifyRequest,
  limite: { maxBytes: number; sizeMessage: string },
  importar: (archivo: ArchivoSubido) => Promise<T>,
): Promise<T> {
  const length = Number(request.headers['content-length']);
  if (length > limite.maxBytes + MULTIPART_OVERHEAD) throw new UploadRejected('size', limite.sizeMessage);
  const file = await request.file({ limits: { files: 1, fileSize: limite.maxBytes + 1 } }).catch(() => {
    throw new HttpError(400, MALFORMED);
  });
  if (!file || file.fieldname !== 'current') {
    file?.file.resume();
    throw new HttpError(400, MSG.fileRequired);
  }
  // A body cut short fails the file's stream with busboy's own error, at whatever step of the import was reading it
  // (the very first chunk included): that is the client's 400, not the server's 500.
  let cutShort = file.file.destroyed;
  file.file.once('error', () => {
    cutShort = true;
  });
  try {
    return await importar({ filename: file.filename, stream: file.file });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRejected('size', limite.sizeMessage);
    if (cutShort && !(error instanceof HttpError) && !(error instanceof UploadRejected)) throw new HttpError(400, MALFORMED);
    throw error;
  } finally {
    file.file.resume();
  }
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A private download (a template, a report): never cached, never sniffed. */
export const sendDownload = (reply: FastifyReply, name: string, type: string, body: unknown) =>
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', attachment(name))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
