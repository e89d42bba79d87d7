import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... to use a PostgreSQL server; undefined to use PGlite in DATA_DIR/db. */
  databaseUrl?: string;
  /** Use an in-memory PGlite (tests); ignores dataDir for the database. */
  inMemoryDatabase?: boolean;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Base URL of the online taxpayer lookup (SRI-like service). */
  taxpayerLookupUrl?: string;
  logLevel: string;
  checkpointIntervalMs: number;
  rateLimit: { windowMs: number; maxPerIp: number; maxPerAccount: number };
  webDir: string;
  /** TRUST_PROXY=1 behind a reverse proxy: the client's IP (rate limits, logs) comes from X-Forwarded-For. */
  trustProxy: boolean;
};

const root = path.resolve(import.meta.dirname, '..');

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} debe ser un número entero positivo (valor recibido: ${raw})`);
  return value;
}

/** Reads the environment into a typed config; throws a Spanish message on an invalid value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intVar(env, 'PORT', 3000);
  if (port > 65535) throw new Error(`PORT debe estar entre 0 y 65535 (valor recibido: ${port})`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL debe empezar con postgres:// o postgresql://');
  }
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32) {
    throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Amelia <no-responder@amelia.localhost>',
    taxpayerLookupUrl: env.TAXPAYER_LOOKUP_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    checkpointIntervalMs: intVar(env, 'CHECKPOINT_INTERVAL_MS', 60_000),
    rateLimit: {
      windowMs: intVar(env, 'RATE_LIMIT_WINDOW_MS', 15 * 60_000),
      maxPerIp: intVar(env, 'RATE_LIMIT_MAX_PER_IP', 60),
      maxPerAccount: intVar(env, 'RATE_LIMIT_MAX_PER_ACCOUNT', 5),
    },
    webDir: path.join(root, 'dist'),
    trustProxy: env.TRUST_PROXY === '1',
  };
}
