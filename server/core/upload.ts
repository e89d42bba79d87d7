import type { FastifyRequest } from 'fastify';
import type { UploadRule } from '../../src/domain/archivos';
import type { Upload } from '../infra/files';
import { HttpError } from './errors';
import { MSG } from '../../src/domain/messages';

/** The request's single multipart part, which must be a file field named `current`; busboy stops one byte past the limit. */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  const file = await request.file({ limits: { files: 1, fileSize: rule.maxBytes + 1 } });
  if (!file || file.fieldname !== 'current') {
    file?.file.resume();
    throw new HttpError(400, MSG.fileRequired);
  }
  return { stream: file.file, filename: file.filename };
}
