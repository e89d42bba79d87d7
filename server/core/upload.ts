import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { extensionOf, type UploadRule } from '../../domain/archivos';
import { cleanFileName, UploadRejected, type Upload } from '../infra/files';
import { HttpError } from './errors';
import { MSG } from '../../domain/messages';

/** Every multipart route's answer to a body that is not multipart, has no boundary or ends early (400). */
const MALFORMED = 'El archivo debe enviarse como multipart/form-data completo, con el archivo en el campo current';
/** A multipart body's own bytes (boundaries, part headers) on top of the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The request's one file part, which must be named `current`; busboy stops one byte past the limit. */
async function filePart(request: FastifyRequest, maxBytes: number) {
  const file = await request.file({ limits: { files: 1, fileSize: maxBytes + 1 } }).catch(() => {
    throw new HttpError(400, MALFORMED);
  });
  if (!file || file.fieldname !== 'current') {
    file?.file.resume();
    throw new HttpError(400, MSG.fileRequired);
  }
  return file;
}

/**
 * The request's file part (field `current`) and the text fields sent before it, for the file store to save.
 * A body that is not multipart, has no boundary or ends early is the client's error (400), found either when the parts
 * are read or while the file streams: both become an HttpError, so the file store removes what it wrote.
 */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload & { fields: Record<string, string> }> {
  const file = await filePart(request, rule.maxBytes);
  // When the whole body has already arrived, busboy may have destroyed the file (truncated data) before we get it.
  if (file.file.destroyed) throw new HttpError(400, MALFORMED);
  const stream = new PassThrough();
  file.file.on('error', (error: Error & { code?: string }) => {
    stream.destroy(error.code === 'FST_REQ_FILE_TOO_LARGE' ? new UploadRejected('size', rule.sizeMessage) : new HttpError(400, MALFORMED));
  });
  file.file.pipe(stream);
  return { stream, filename: file.filename, fields: textFields(file.fields) };
}

/**
 * The file of an import's upload (field `current`) handed to `importar` while it streams: a body over the limit is a
 * 413 before or while it is read, a malformed one a 400. What the import did not read (a refused file) is drained, so
 * that the answer is not held by the rest of the upload.
 */
export async function streamUpload<T>(
  request: FastifyRequest,
  limite: Pick<UploadRule, 'maxBytes' | 'sizeMessage'>,
  importar: (archivo: Upload) => Promise<T>,
): Promise<T> {
  const length = Number(request.headers['content-length']);
  if (length > limite.maxBytes + MULTIPART_OVERHEAD) throw new UploadRejected('size', limite.sizeMessage);
  const file = await filePart(request, limite.maxBytes);
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

/**
 * The text parts sent BEFORE the file, so that a route can check them before it stores a byte. busboy may already have
 * parsed parts after the file (all in one chunk), but the parts are kept in the order they came: reading stops at the
 * file. A repeated name counts as missing.
 */
function textFields(parts: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, part] of Object.entries(parts)) {
    if (Array.isArray(part)) continue;
    const field = part as { type?: string; value?: unknown };
    if (field?.type !== 'field') break;
    if (typeof field.value === 'string') fields[name] = field.value;
  }
  return fields;
}

/** How a form with one small file answers what is wrong with it, in its own words. */
type FormMessages = { fileRequired: string; malformed: string; fieldTooLong: (field: string) => string };

/**
 * A form whose one small file is read whole, with every text field in any order (a signature and its password): the
 * file, in `fileField`, checked by name and by size while it streams (busboy stops one byte past the limit). A field
 * over busboy's size limit is refused, never cut.
 */
export async function readSmallForm(
  request: FastifyRequest,
  fileField: string,
  rule: Pick<UploadRule, 'extensions' | 'maxBytes' | 'typeMessage' | 'sizeMessage'>,
  messages: FormMessages,
): Promise<{ file?: { content: Buffer; filename: string }; fields: Map<string, string> }> {
  const fields = new Map<string, string>();
  let file: { content: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: rule.maxBytes + 1 } })) {
      if (part.type === 'file') {
        const filename = cleanFileName(part.filename);
        if (part.fieldname !== fileField || !rule.extensions.includes(extensionOf(filename))) {
          part.file.resume();
          throw part.fieldname === fileField ? new UploadRejected('type', rule.typeMessage) : new HttpError(400, messages.fileRequired);
        }
        file = { content: await part.toBuffer(), filename };
      } else {
        if (part.valueTruncated) throw new HttpError(400, messages.fieldTooLong(part.fieldname));
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof HttpError || error instanceof UploadRejected) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRejected('size', rule.sizeMessage);
    throw new HttpError(400, messages.malformed);
  }
  return { file, fields };
}
