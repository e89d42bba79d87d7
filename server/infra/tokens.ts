import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

const HOUR = 3600;
/** Token lifetimes in seconds (documented in the README). */
export const TOKEN_LIFETIMES = {
  empresa: 8 * HOUR,
  empresaRecordar: 30 * 24 * HOUR,
  admin: 8 * HOUR,
  adminRecordar: 7 * 24 * HOUR,
  distribuidor: 4 * HOUR,
  registro: HOUR,
  ticket: HOUR / 2,
} as const;

/**
 * A session's token names only its kind and its session (jti): who the caller is, its company, its role and its
 * distributor are read from the session and account rows on every request, never from the token.
 */
export type CompanyClaims = { kind: 'empresa' };
export type AdminClaims = { kind: 'admin' };
export type RegistrationClaims = { kind: 'registro'; empresa: number };
export type TicketClaims = { kind: 'ticket'; ticket: number };
export type Claims = CompanyClaims | AdminClaims | RegistrationClaims | TicketClaims;
/** A verified token: its claims and, for company and administration sessions, the session id (jti). */
export type VerifiedClaims = Claims & { jti?: string };

export class TokenError extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'expired' : 'invalid');
  }
}

export type TokenService = {
  /** Signs a token valid for `seconds` (with `jti`, the id of its row in sesiones); returns it with its expiry (ISO). */
  sign(claims: Claims, seconds: number, jti?: string): Promise<{ token: string; expira: string }>;
  verify(token: string): Promise<VerifiedClaims>;
};

/** JWT_SECRET, or a secret generated once into DATA_DIR/jwt-secret (mode 0600). */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/**
 * Verified tokens kept with their claims, at most this many (the oldest go first). jose verifies through WebCrypto,
 * whose HMAC runs on libuv's thread pool: a wait on every request (docs/performance.md), for the same token
 * a session sends all day. A token is kept only once its signature has been verified, and its expiry is checked
 * on every use; whether its session is still open is the guard's check, not the token's.
 */
const VERIFIED_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, Readonly<VerifiedClaims> & { exp: number }>();
  return {
    async sign(claims, seconds, jti) {
      const exp = Math.floor(Date.now() / 1000) + seconds;
      const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp);
      const token = await (jti ? jwt.setJti(jti) : jwt).sign(key);
      return { token, expira: new Date(exp * 1000).toISOString() };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // As jose judges it: expired from the second `exp` on.
        if (Math.floor(Date.now() / 1000) < known.exp) return known;
        verified.delete(token);
        throw new TokenError(true);
      }
      let claims: VerifiedClaims & { exp: number };
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        claims = Object.freeze(payload) as unknown as VerifiedClaims & { exp: number };
      } catch (error) {
        throw new TokenError(error instanceof errors.JWTExpired);
      }
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    },
  };
}
