import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FilesConfig, S3Files } from '../config';

/** Bytes received but not yet referenced: `commit` makes them readable under their id, `discard` removes them. */
export type Staged = { commit(): Promise<void>; discard(): Promise<void> };

/**
 * Where the bytes of uploaded files live, by id: the local disk (one instance) or an S3-compatible bucket (shared by
 * every instance). The database's `archivos` table says which ids are in use; `list` lets the sweep find the rest.
 */
export type BlobStorage = {
  /** Streams `body` in; rejects, leaving nothing, when `body` fails (a broken upload, a limit the caller enforces). */
  put(id: string, body: Readable): Promise<Staged>;
  /** The bytes, or undefined when there are none under that id. */
  get(id: string): Promise<Readable | undefined>;
  delete(id: string): Promise<void>;
  /** Everything stored, unfinished uploads included (under names that are never an id), with when it was written. */
  list(): AsyncIterable<{ name: string; modified: Date }>;
};

export function createStorage(config: FilesConfig): BlobStorage {
  return config.kind === 's3' ? s3Storage(config) : diskStorage(config.dir);
}

/** An upload goes to `<id>.part` and is renamed to `<id>` on commit, so a partial file never has a file's name. */
function diskStorage(dir: string): BlobStorage {
  fs.mkdirSync(dir, { recursive: true });
  const final = (id: string) => path.join(dir, id);
  return {
    async put(id, body) {
      const partial = `${final(id)}.part`;
      const out = fs.createWriteStream(partial, { mode: 0o600 });
      try {
        await pipeline(body, out);
      } catch (error) {
        // A body that fails at once does so while the file is still being opened: wait for the write stream to
        // close, or the file would be created after the removal below and stay behind, empty.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return {
        commit: () => fs.promises.rename(partial, final(id)),
        discard: async () => {
          await fs.promises.rm(partial, { force: true });
          await fs.promises.rm(final(id), { force: true });
        },
      };
    },
    async get(id) {
      try {
        return (await fs.promises.open(final(id))).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    delete: (id) => fs.promises.rm(final(id), { force: true }),
    async *list() {
      for (const name of await fs.promises.readdir(dir)) {
        const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
        if (stat?.isFile()) yield { name, modified: stat.mtime };
      }
    },
  };
}

/**
 * Objects under `<prefix>/<id>`. An upload streams in parts (lib-storage) straight under its final key: no reader
 * looks for an id the database does not reference yet, and `discard` deletes it if the reference does not commit.
 */
function s3Storage(config: S3Files): BlobStorage {
  // Loaded only when a bucket is configured: the SDK adds a few hundred milliseconds to a start-up.
  const sdk = Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, { Upload }]) => ({
    ...s3,
    Upload,
    client: new s3.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without keys the SDK's own chain applies (instance role, AWS_* variables, shared profile).
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    }),
  }));
  const Bucket = config.bucket;
  const keyPrefix = config.prefix ? `${config.prefix}/` : '';
  const remove = async (id: string) => {
    const { client, DeleteObjectCommand } = await sdk;
    await client.send(new DeleteObjectCommand({ Bucket, Key: keyPrefix + id }));
  };
  return {
    async put(id, body) {
      const { client, Upload } = await sdk;
      // A failed body aborts the multipart upload (leavePartsOnError is false): no object and no parts remain.
      await new Upload({ client, params: { Bucket, Key: keyPrefix + id, Body: body } }).done();
      return { commit: async () => {}, discard: () => remove(id) };
    },
    async get(id) {
      const { client, GetObjectCommand } = await sdk;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyPrefix + id }));
        return object.Body as Readable;
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    delete: remove,
    async *list() {
      const { client, paginateListObjectsV2 } = await sdk;
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: keyPrefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { name: object.Key.slice(keyPrefix.length), modified: object.LastModified };
        }
      }
    },
  };
}
