import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Files } from '../../server/config';

/** s3rver's built-in account: it checks every request's signature against this key pair. */
const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A local S3-compatible server on loopback with one bucket, `amelia`, in a temporary directory; `files` is the
 * configuration FILES_URL=s3://amelia/<prefix> and FILES_S3_* would give.
 */
export async function startS3(): Promise<{ files: S3Files; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: 'amelia' }] });
  const { port } = await server.run();
  return {
    files: {
      kind: 's3',
      bucket: 'amelia',
      prefix: 'adjuntos',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      ...ACCOUNT,
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
