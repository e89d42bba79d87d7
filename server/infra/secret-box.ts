import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/**
 * What sealed bytes start with: "AMSB" and a format version. The file store recognises a stored signature by it
 * (server/infra/files.ts), so a certificate can never be saved there in the clear.
 */
export const SEALED_HEADER = [0x41, 0x4d, 0x53, 0x42, 0x01];
/** How many bytes sealing adds: the header, the IV and the authentication tag. */
export const SEALED_OVERHEAD = SEALED_HEADER.length + IV_BYTES + TAG_BYTES;

/** Sealed data that cannot be opened: another key, altered bytes, or not sealed at all. */
export class SecretBoxError extends Error {
  constructor() {
    super('los datos cifrados no se pueden abrir con la clave de cifrado configurada (SECRETS_KEY o DATA_DIR/secrets.key)');
  }
}

/**
 * SECRETS_KEY (base64 of 32 bytes), or a key generated once into DATA_DIR/secrets.key (mode 0600). Whoever loses
 * it loses every stored signature: they are sealed with it.
 */
export function resolveSecretsKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  const file = path.join(dataDir, 'secrets.key');
  const read = () => Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting on the same DATA_DIR wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}

/** AES-256-GCM with one key: binary seals for files, base64url `iv.tag.ciphertext` text for short secrets. */
export function createSecretBox(key: Buffer) {
  if (key.length !== KEY_BYTES) throw new Error(`la clave de cifrado debe tener ${KEY_BYTES} bytes`);
  const encrypt = (plain: Buffer) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), data };
  };
  const decrypt = (iv: Buffer, tag: Buffer, data: Buffer) => {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]);
    } catch {
      throw new SecretBoxError();
    }
  };
  return {
    seal(plain: Buffer): Buffer {
      const { iv, tag, data } = encrypt(plain);
      return Buffer.concat([Buffer.from(SEALED_HEADER), iv, tag, data]);
    },
    open(sealed: Buffer): Buffer {
      const header = sealed.subarray(0, SEALED_HEADER.length);
      if (sealed.length < SEALED_OVERHEAD || !header.equals(Buffer.from(SEALED_HEADER))) throw new SecretBoxError();
      const ivEnd = SEALED_HEADER.length + IV_BYTES;
      return decrypt(
        sealed.subarray(SEALED_HEADER.length, ivEnd),
        sealed.subarray(ivEnd, ivEnd + TAG_BYTES),
        sealed.subarray(ivEnd + TAG_BYTES),
      );
    },
    encryptText(plain: string): string {
      const { iv, tag, data } = encrypt(Buffer.from(plain, 'utf8'));
      return [iv, tag, data].map((part) => part.toString('base64url')).join('.');
    },
    decryptText(text: string): string {
      const parts = text.split('.');
      if (parts.length !== 3) throw new SecretBoxError();
      const [iv, tag, data] = parts.map((part) => Buffer.from(part, 'base64url'));
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError();
      return decrypt(iv, tag, data).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** The box of a configuration: the one every instance sharing DATA_DIR or SECRETS_KEY opens the same secrets with. */
export const secretBoxFor = (config: { secretsKey?: string; dataDir: string }) =>
  createSecretBox(resolveSecretsKey(config.secretsKey, config.dataDir));
