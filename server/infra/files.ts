import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { archivos } from './db/schema';
import { extensionOf, type FileKind, type UploadRule } from '../../src/domain/archivos';

/** Each kind's extensions, the bytes its content starts with, and the type it is served as. */
const KINDS: Record<FileKind, { extensions: readonly string[]; signatures: number[][]; mime: string }> = {
  zip: { extensions: ['zip'], signatures: [[0x50, 0x4b, 0x03, 0x04], [0x50, 0x4b, 0x05, 0x06], [0x50, 0x4b, 0x07, 0x08]], mime: 'application/zip' },
  rar: { extensions: ['rar'], signatures: [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], mime: 'application/vnd.rar' },
  pdf: { extensions: ['pdf'], signatures: [[0x25, 0x50, 0x44, 0x46, 0x2d]], mime: 'application/pdf' },
  png: { extensions: ['png'], signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], mime: 'image/png' },
  jpg: { extensions: ['jpg', 'jpeg'], signatures: [[0xff, 0xd8, 0xff]], mime: 'image/jpeg' },
};

/** An upload that breaks its rule: wrong type (by name or content) or too large. The message is the rule's. */
export class UploadRejected extends Error {
  constructor(readonly reason: 'type' | 'size', message: string) {
    super(message);
  }
}

/** A file being received: its bytes and the name the sender gave it. */
export type Upload = { stream: Readable; filename: string };
export type StoredFile = { ARC_ID: string; ARC_NOMBRE: string; ARC_TIPO: string; ARC_TAMANO: number };

/** A display name only: no directories, no control characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/^\.+/, '').trim();
  return (cleaned || 'archivo').slice(-200);
}

export function createFileStore(dataDir: string, db: Db) {
  const dir = path.join(dataDir, 'files');
  fs.mkdirSync(dir, { recursive: true });

  return {
    /**
     * Streams an upload to DATA_DIR/files/<random id>, enforcing the size limit while streaming and the
     * content signature on the first bytes. Nothing partial is kept when a rule fails.
     */
    async save({ stream, filename }: Upload, rule: UploadRule, owner: string): Promise<StoredFile> {
      const name = cleanFileName(filename);
      const ext = extensionOf(name);
      const candidates = rule.kinds.filter((k) => KINDS[k].extensions.includes(ext));
      if (candidates.length === 0) {
        stream.resume();
        throw new UploadRejected('type', rule.typeMessage);
      }
      const id = randomBytes(16).toString('hex');
      const target = path.join(dir, id);
      let size = 0;
      let head = Buffer.alloc(0);
      const guard = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > rule.maxBytes) return done(new UploadRejected('size', rule.sizeMessage));
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          done(null, chunk);
        },
      });
      const out = fs.createWriteStream(target, { mode: 0o600 });
      try {
        await pipeline(stream, guard, out);
        const kind = candidates.find((k) => KINDS[k].signatures.some((sig) => sig.every((byte, i) => head[i] === byte)));
        if (!kind) throw new UploadRejected('type', rule.typeMessage);
        const row = { ARC_ID: id, ARC_NOMBRE: name, ARC_TIPO: KINDS[kind].mime, ARC_TAMANO: size, ARC_PROPIETARIO: owner };
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

    async find(id: string) {
      const [row] = await db.select().from(archivos).where(eq(archivos.ARC_ID, id));
      if (!row) return undefined;
      const file = path.join(dir, row.ARC_ID);
      return { ...row, path: file, onDisk: fs.existsSync(file) };
    },

    async remove(id: string) {
      await db.delete(archivos).where(eq(archivos.ARC_ID, id));
      fs.rmSync(path.join(dir, id), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
