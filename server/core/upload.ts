import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { UploadRule } from '../../src/domain/archivos';
import { UploadRejected, type Upload } from '../infra/files';
import { HttpError } from './errors';
import { MSG } from '../../src/domain/messages';

const MALFORMED = 'El archivo debe enviarse como multipart/form-data completo, con el archivo en el campo current';

/**
 * The request's single multipart part, which must be a file field named `current`; busboy stops one byte past the limit.
 * A body that is not multipart, has no boundary or ends early is the client's error (400), found either when the parts
 * are read or while the file streams: both become an HttpError, so the file store removes what it wrote.
 */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
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
  return { stream, filename: file.filename };
}
