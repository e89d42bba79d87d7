import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/client';
import { archivos } from './db/schema';
import { HttpError } from '../core/errors';
import { MSG } from '../../src/domain/messages';

/** Accepted kinds: the name must end in one of the extensions AND the bytes must start with one of the signatures. */
export const FILE_KINDS = {
  zip: { extensions: ['zip'], signatures: [[0x50, 0x4b, 0x03, 0x04], [0x50, 0x4b, 0x05, 0x06], [0x50, 0x4b, 0x07, 0x08]], mime: 'application/zip' },
  rar: { extensions: ['rar'], signatures: [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], mime: 'application/vnd.rar' },
  pdf: { extensions: ['pdf'], signatures: [[0x25, 0x50, 0x44, 0x46, 0x2d]], mime: 'application/pdf' },
  png: { extensions: ['png'], signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], mime: 'image/png' },
  jpg: { extensions: ['jpg', 'jpeg'], signatures: [[0xff, 0xd8, 0xff]], mime: 'image/jpeg' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export type UploadRules = { kinds: FileKind[]; maxBytes: number; typeMessage: string; sizeMessage: string };
export type StoredFile = { ARC_ID: string; ARC_NOMBRE: string; ARC_TIPO: string; ARC_TAMANO: number };

/** A display name only: no directories, no control characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/^\.+/, '').trim();
  return (cleaned || 'archivo').slice(-200);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function createFileStore(dataDir: string, db: Db) {
  const dir = path.join(dataDir, 'files');
  fs.mkdirSync(dir, { recursive: true });

  return {
    /**
     * Streams an upload to DATA_DIR/files/<random id>, enforcing the size limit while streaming and the
     * content signature on the first bytes. Nothing partial is kept when a rule fails.
     */
    async save(stream: Readable, originalName: string, rules: UploadRules, owner: string): Promise<StoredFile> {
      const name = cleanFileName(originalName);
      const ext = extensionOf(name);
      const candidates = rules.kinds.filter((k) => (FILE_KINDS[k].extensions as readonly string[]).includes(ext));
      if (candidates.length === 0) {
        stream.resume();
        throw new HttpError(400, rules.typeMessage);
      }
      const id = randomBytes(16).toString('hex');
      const target = path.join(dir, id);
      let size = 0;
      let head = Buffer.alloc(0);
      const guard = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > rules.maxBytes) return done(new HttpError(413, rules.sizeMessage));
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          done(null, chunk);
        },
      });
      const out = fs.createWriteStream(target, { mode: 0o600 });
      try {
        await pipeline(stream, guard, out);
        const kind = candidates.find((k) => FILE_KINDS[k].signatures.some((sig) => sig.every((byte, i) => head[i] === byte)));
        if (!kind) throw new HttpError(400, rules.typeMessage);
        const row = { ARC_ID: id, ARC_NOMBRE: name, ARC_TIPO: FILE_KINDS[kind].mime, ARC_TAMANO: size, ARC_PROPIETARIO: owner };
        await db.insert(archivos).values(row);
        return row;
      } catch (error) {
        // A first chunk already over the limit fails the pipeline while the file is still being opened: wait for the
        // write stream to close, or the file would be created after the removal below and stay behind, empty.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        fs.rmSync(target, { force: true });
        stream.resume();
        throw error;
      }
    },

    /** Reads the request's single multipart part, which must be named `current` (spec §7), and stores it. */
    async saveUpload(request: FastifyRequest, rules: UploadRules, owner: string): Promise<StoredFile> {
      const file = await request.file({ limits: { files: 1, fileSize: rules.maxBytes + 1 } });
      if (!file || file.fieldname !== 'current') {
        file?.file.resume();
        throw new HttpError(400, MSG.fileRequired);
      }
      return this.save(file.file, file.filename, rules, owner);
    },

    async find(id: string) {
      const [row] = await db.select().from(archivos).where(eq(archivos.ARC_ID, id));
      return row ? { ...row, path: path.join(dir, row.ARC_ID) } : undefined;
    },

    async remove(id: string) {
      await db.delete(archivos).where(eq(archivos.ARC_ID, id));
      fs.rmSync(path.join(dir, id), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
