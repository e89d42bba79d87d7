import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolatedModules cannot read)
import { randomInt } from 'node:crypto';

const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

// Verifying against a real hash when the account does not exist keeps response times alike,
// so timing does not reveal which RUC or usuario exists.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('amelia-no-existe');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password for recovery: 12 characters without look-alike letters. */
export function randomPassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
