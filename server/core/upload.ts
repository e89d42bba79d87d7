import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { UploadRule } from '../../domain/archivos';
import { UploadRejected, type Upload } from '../infra/files';
import { HttpError } from './errors';
import { MSG } from '../../domain/messages';

const MALFORMED = 'El archivo debe enviarse como multipart/form-data completo, con el archivo en el campo current';

/**
 * The request's file part, which must be named `current`, and the text fields sent before it; busboy stops one byte past the limit.
 * A body that is not multipart, has no boundary or ends early is the client's error (400), found either when the parts
 * are read or while the file streams: both become an HttpError, so the file store removes what it wrote.
 */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload & { fields: Record<string, string> }> {
  const file = await request.file({ limits: { files: 1, fileSize: rule.maxBytes + 1 } }).catch(() => {
    throw new HttpError(400, MALFORMED);
  });
  if (!file || file.fieldname !== 'current') {
    file?.file.resume();
    throw new HttpError(400, MSG.fileRequired);
  }
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
