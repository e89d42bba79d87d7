import { randomBytes } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { archivos } from './db/schema';
import type { BlobStorage } from './storage';
import { SEALED_HEADER } from './secret-box';
import { extensionOf, type FileKind, type UploadRule } from '../../domain/archivos';

/** The first bytes of a zip container: a zip file and the office documents built on one (docx, xlsx, odt, ods). */
const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
];
/** An OLE2 compound file: the older Word and Excel documents (doc, xls). */
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Each kind's extensions, the bytes its content starts with (null: any byte there), and the type it is served as.
 */
const KINDS: Record<FileKind, { extensions: readonly string[]; signatures: Array<Array<number | null>>; mime: string }> = {
  zip: {
    extensions: ['zip'],
    signatures: ZIP_SIGNATURES,
    mime: 'application/zip',
  },
  rar: { extensions: ['rar'], signatures: [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], mime: 'application/vnd.rar' },
  pdf: { extensions: ['pdf'], signatures: [[0x25, 0x50, 0x44, 0x46, 0x2d]], mime: 'application/pdf' },
  png: { extensions: ['png'], signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], mime: 'image/png' },
  jpg: { extensions: ['jpg', 'jpeg'], signatures: [[0xff, 0xd8, 0xff]], mime: 'image/jpeg' },
  // Only ever stored sanitized (server/modules/configuraciones/svg.ts), which writes the root element first.
  svg: { extensions: ['svg'], signatures: [[0x3c, 0x73, 0x76, 0x67]], mime: 'image/svg+xml' },
  ico: { extensions: ['ico'], signatures: [[0x00, 0x00, 0x01, 0x00]], mime: 'image/x-icon' },
  // Only ever stored sealed: a certificate in the clear does not start with the box's header and is refused.
  p12: { extensions: ['p12', 'pfx'], signatures: [SEALED_HEADER], mime: 'application/x-pkcs12' },
  // RIFF, four bytes of length, WEBP.
  webp: {
    extensions: ['webp'],
    signatures: [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
    mime: 'image/webp',
  },
  docx: {
    extensions: ['docx'],
    signatures: ZIP_SIGNATURES,
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: { extensions: ['xlsx'], signatures: ZIP_SIGNATURES, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  odt: { extensions: ['odt'], signatures: ZIP_SIGNATURES, mime: 'application/vnd.oasis.opendocument.text' },
  ods: { extensions: ['ods'], signatures: ZIP_SIGNATURES, mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  doc: { extensions: ['doc'], signatures: [OLE2_SIGNATURE], mime: 'application/msword' },
  xls: { extensions: ['xls'], signatures: [OLE2_SIGNATURE], mime: 'application/vnd.ms-excel' },
};
/** Bytes needed to tell every kind apart: the longest signature. */
const HEAD_BYTES = Math.max(...Object.values(KINDS).flatMap((k) => k.signatures.map((s) => s.length)));

/**
 * How old something unreferenced in the storage must be before the sweep removes it: far longer than an upload may
 * take (REQUEST_TIMEOUT_MS, 5 minutes by default), so the sweep of one instance never takes the file another is receiving.
 */
export const SWEEP_GRACE_MS = 60 * 60_000;

/** An upload that breaks its rule: wrong type (by name or content) or too large. The message is the rule's. */
export class UploadRejected extends Error {
  constructor(
    readonly reason: 'type' | 'size',
    message: string,
  ) {
    super(message);
  }
}

/** A file being received: its bytes and the name the sender gave it. */
export type Upload = { stream: Readable; filename: string };
export type StoredFile = { ARC_ID: string; ARC_NOMBRE: string; ARC_TIPO: string; ARC_TAMANO: number };
/** Inside a transaction: drops a file's row (nothing when null); its bytes go once the transaction has committed. */
export type Release = (id: string | null) => Promise<void>;
type Log = { warn(obj: object, msg: string): void };

/**
 * A display name only: no directories, no control characters, no bidirectional controls (U+202E would show
 * "factura‮piz.exe" as "factura.exe.zip"), no half of a surrogate pair, bounded length. The bound keeps the end (the
 * extension) and never starts inside a pair: half an emoji is no text, and PostgreSQL refuses it in the history's JSON.
 */
export function cleanFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cs}\p{Bidi_Control}"<>|:*?]/gu, '')
    .replace(/^\.+/, '')
    .trim();
  return (cleaned || 'archivo').slice(-200).replace(/^[\udc00-\udfff]/, '');
}

/**
 * Uploaded files: the bytes in a BlobStorage, the name, type, size and owner in `archivos`. A file's bytes are
 * readable under its id only if its row committed; whatever a crash leaves unreferenced, `sweep` removes.
 */
export function createFileStore(storage: BlobStorage, db: Db, log: Log) {
  /** Bytes no row points to any more: a failure here only delays their removal until the next sweep. */
  async function dropBytes(id: string) {
    try {
      await storage.delete(id);
    } catch (error) {
      log.warn(
        { err: { message: (error as Error).message }, archivo: id },
        'no se pudo borrar un archivo; lo quitará el barrido al iniciar',
      );
    }
  }

  /** `work` in a transaction in which files can be released; their bytes are removed after the commit. */
  async function transaction<T>(work: (tx: Tx, release: Release) => Promise<T>): Promise<T> {
    const released: string[] = [];
    const result = await db.transaction((tx) =>
      work(tx, async (id) => {
        if (!id) return;
        await tx.delete(archivos).where(eq(archivos.ARC_ID, id));
        released.push(id);
      }),
    );
    for (const id of released) await dropBytes(id);
    return result;
  }

  return {
    transaction,

    /**
     * Streams an upload into the storage, enforcing the size limit while streaming and the content signature on the
     * first bytes, then inserts its row and runs `link` (which points a record at the file) in one transaction. The
     * file counts only if that transaction commits; otherwise, or when a rule fails, nothing of it is kept.
     */
    async save<T>(
      { stream, filename }: Upload,
      rule: UploadRule,
      owner: string,
      link: (tx: Tx, file: StoredFile, release: Release) => Promise<T>,
    ): Promise<T> {
      const name = cleanFileName(filename);
      const candidates = rule.kinds.filter((k) => KINDS[k].extensions.includes(extensionOf(name)));
      if (candidates.length === 0) {
        stream.resume();
        throw new UploadRejected('type', rule.typeMessage);
      }
      let size = 0;
      let head = Buffer.alloc(0);
      const sniff = () =>
        candidates.find((k) =>
          KINDS[k].signatures.some((sig) => sig.length <= head.length && sig.every((byte, i) => byte === null || head[i] === byte)),
        );
      // The first error of the upload (a broken body, a rule) is the answer; what the storage reports after it is a consequence.
      let failure: Error | undefined;
      const fail = (error: Error) => (failure ??= error);
      stream.once('error', fail);
      const guard = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > rule.maxBytes) return done(fail(new UploadRejected('size', rule.sizeMessage)));
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          if (head.length === HEAD_BYTES && !sniff()) return done(fail(new UploadRejected('type', rule.typeMessage)));
          done(null, chunk);
        },
        flush(done) {
          done(sniff() ? null : fail(new UploadRejected('type', rule.typeMessage)));
        },
      });
      // Errors reach the storage through `guard`, and are kept in `failure`.
      const body = pipeline(stream, guard, () => {});
      const id = randomBytes(16).toString('hex');
      let staged;
      try {
        staged = await storage.put(id, body);
      } catch (error) {
        throw failure ?? error;
      }
      const file: StoredFile = { ARC_ID: id, ARC_NOMBRE: name, ARC_TIPO: KINDS[sniff()!].mime, ARC_TAMANO: size };
      try {
        return await transaction(async (tx, release) => {
          await tx.insert(archivos).values({ ...file, ARC_PROPIETARIO: owner });
          const result = await link(tx, file, release);
          // The last step before COMMIT: a reference never points at missing bytes; if the commit fails they are
          // discarded below, and a crash between the two leaves unreferenced bytes for the sweep.
          await staged.commit();
          return result;
        });
      } catch (error) {
        await staged
          .discard()
          .catch((e: Error) => log.warn({ err: { message: e.message }, archivo: id }, 'no se pudo descartar un archivo no guardado'));
        throw error;
      }
    },

    /** A file's row with its bytes; `body` is undefined when the row is there but the bytes are not. */
    async open(id: string) {
      const [row] = await db.select().from(archivos).where(eq(archivos.ARC_ID, id));
      return row && { ...row, body: await storage.get(row.ARC_ID) };
    },

    /**
     * Removes what no row references and is older than `graceMs`: unfinished uploads a crash left behind, bytes whose
     * row never committed or was deleted. Called once at start-up; answers how many it removed.
     */
    async sweep(graceMs = SWEEP_GRACE_MS): Promise<number> {
      const cutoff = Date.now() - graceMs;
      let removed = 0;
      const purge = async (names: string[]) => {
        const kept = new Set(
          (await db.select({ id: archivos.ARC_ID }).from(archivos).where(inArray(archivos.ARC_ID, names))).map((r) => r.id),
        );
        for (const name of names.filter((n) => !kept.has(n))) {
          await dropBytes(name);
          removed++;
        }
      };
      let batch: string[] = [];
      for await (const { name, modified } of storage.list()) {
        if (modified.getTime() > cutoff) continue;
        batch.push(name);
        if (batch.length === 500) {
          await purge(batch);
          batch = [];
        }
      }
      if (batch.length) await purge(batch);
      return removed;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
