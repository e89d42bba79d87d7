import os from 'node:os';
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
  /** SECRETS_KEY: base64 of the 32-byte key that seals stored signatures (server/infra/secret-box.ts). */
  secretsKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Base URL of the online taxpayer lookup (SRI-like service). */
  taxpayerLookupUrl?: string;
  logLevel: string;
  checkpointIntervalMs: number;
  /**
   * Time limits of the HTTP server, in ms (README, "Tiempos de espera"); 0 turns one off. A client has `headersTimeoutMs`
   * to send its headers and `requestTimeoutMs` for the whole request, a 50 MB upload included; a connection that sends
   * and receives nothing for `idleTimeoutMs` is closed, and an idle keep-alive connection after `keepAliveTimeoutMs`.
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number };
  /** How long a request waits for a PostgreSQL connection before it is answered 503 instead of hanging. */
  dbConnectTimeoutMs: number;
  /**
   * Limits of the public endpoints (README, "Límites de intentos"). Sign-ins count failures only: `freePerPair`
   * failures of one account from one IP pass, then each waits longer; `maxPerIp` failures per IP across accounts
   * and `maxPerAccount` per account across IPs (not applied to an IP that signed in to it before) within `windowMs`.
   * Recovery, registration and the ticket form count every call against `maxPerIp`.
   */
  rateLimit: { windowMs: number; maxPerIp: number; maxPerAccount: number; freePerPair: number };
  /** WEB_DIR: the built web app the server serves (index.html and assets/); dist/ of the package by default. */
  webDir: string;
  /**
   * TRUST_PROXY=<n>: how many reverse proxies stand in front of the server. The client's IP (rate limits, logs)
   * is the address n hops back in X-Forwarded-For; anything a client wrote farther back is ignored. 0: none.
   */
  trustProxy: number;
  /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket every instance shares (FILES_URL). */
  files: FilesConfig;
  /** The clients' external lookups (README, "Consultas de clientes"). */
  consultas: ConsultasConfig;
  /** WhatsApp Cloud API; without token and phone-number id, sending opens a wa.me link instead. */
  whatsapp: { apiUrl: string; token?: string; phoneNumberId?: string };
  /** The SRI's web services and the queue that talks to them (README, "El SRI"). */
  sri: SriConfig;
  /**
   * RIDE_HILOS: worker threads that draw RIDEs (PDF), so that a burst of invoices does not hold the event loop; by
   * default one less than the machine's cores, between 1 and 4. 0 draws them on the event loop.
   */
  rideHilos: number;
  /**
   * DEMO_VIVO=false: the first start of a fresh PGlite seeds only the demo accounts (server/infra/db/seed.ts), without
   * the living demo's clients, invoices, collections and tickets (server/demo/vivo.ts). True by default.
   */
  demoVivo: boolean;
  /** The integrations (README, "Integraciones"): API keys and webhooks. */
  integraciones: IntegracionesConfig;
};

/**
 * API_CLAVE_LIMITE: requests a minute each API key may make (then 429 with Retry-After). WEBHOOKS_COLA=false stops this
 * instance from delivering webhooks (another instance does). WEBHOOKS_TIMEOUT_MS: how long a receiver has to answer.
 * WEBHOOKS_REINTENTO_MS: the first wait after a failed delivery (then doubling, up to an hour, for 24 hours).
 * WEBHOOKS_REDES_PRIVADAS=true lets endpoints on private, loopback or link-local addresses receive deliveries (a
 * receiver on the same machine or network: development, tests, an on-premises ERP); false by default, so that a
 * company cannot make the server call into the provider's own network.
 */
export type IntegracionesConfig = {
  limitePorMinuto: number;
  webhooks: { cola: boolean; timeoutMs: number; reintentoMs: number; intervaloMs: number; redesPrivadas: boolean };
};

/**
 * SRI_PRUEBAS_URL and SRI_PRODUCCION_URL: the base of the SRI's offline services for each environment (a company's
 * EMP_AMBIENTE picks one); the reception and the authorization services are `<base>/RecepcionComprobantesOffline` and
 * `<base>/AutorizacionComprobantesOffline`. SRI_TIMEOUT_MS bounds every call. SRI_COLA=false stops this instance from
 * working the queue (documents wait for another instance). SRI_CONCURRENCIA: documents in flight at once, 64 by
 * default: a document waits on the SRI for two calls of a few hundred milliseconds each, so 50 documents per second
 * (a month-end's pace) keep about 30 waiting; the places cost nothing while they wait.
 */
export type SriConfig = {
  urls: { '1': string; '2': string };
  timeoutMs: number;
  cola: boolean;
  concurrencia: number;
  /** How often an idle worker looks for due documents (issuing wakes it at once). */
  intervaloMs: number;
  /** The first wait after a failure; each next one doubles, up to 5 minutes. */
  reintentoMs: number;
};

/**
 * CONSULTA_RUC_URLS: the RUC services in the order they are asked (comma-separated); CONSULTA_CEDULA_URL the cédula
 * service; CONSULTA_{FANTASMA,ESPECIAL,AGENTE_RETENCION,RIMPE,CATASTRO}_URL the taxpayer flags. Each answer is kept
 * CONSULTAS_CACHE_SEGUNDOS; a service that has not answered within CONSULTAS_TIMEOUT_MS counts as down.
 */
export type ConsultasConfig = {
  rucUrls: string[];
  cedulaUrl?: string;
  banderas: { fantasma?: string; especial?: string; agenteRetencion?: string; rimpe?: string; catastro?: string };
  cacheSegundos: number;
  timeoutMs: number;
};

/** FILES_URL=s3://bucket/prefix and the FILES_S3_* variables. The keys are never logged. */
export type S3Files = {
  kind: 's3';
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};
export type FilesConfig = { kind: 'disk'; dir: string } | S3Files;

const root = path.resolve(import.meta.dirname, '..');

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} debe ser un número entero positivo (valor recibido: ${raw})`);
  return value;
}

function flagVar(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} debe ser true o false (valor recibido: ${env[name]})`);
}

function urlVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(raw)) throw new Error(`${name} debe ser una URL http:// o https:// (valor recibido: ${raw})`);
  return raw.replace(/\/+$/, '');
}

function consultasConfig(env: NodeJS.ProcessEnv): ConsultasConfig {
  const rucUrls = (env.CONSULTA_RUC_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url, i) => urlVar({ [`CONSULTA_RUC_URLS[${i}]`]: url }, `CONSULTA_RUC_URLS[${i}]`)!);
  return {
    rucUrls,
    cedulaUrl: urlVar(env, 'CONSULTA_CEDULA_URL'),
    banderas: {
      fantasma: urlVar(env, 'CONSULTA_FANTASMA_URL'),
      especial: urlVar(env, 'CONSULTA_ESPECIAL_URL'),
      agenteRetencion: urlVar(env, 'CONSULTA_AGENTE_RETENCION_URL'),
      rimpe: urlVar(env, 'CONSULTA_RIMPE_URL'),
      catastro: urlVar(env, 'CONSULTA_CATASTRO_URL'),
    },
    cacheSegundos: intVar(env, 'CONSULTAS_CACHE_SEGUNDOS', 86_400),
    timeoutMs: intVar(env, 'CONSULTAS_TIMEOUT_MS', 4_000),
  };
}

function filesConfig(env: NodeJS.ProcessEnv, dataDir: string): FilesConfig {
  const s3Vars = Object.keys(env).filter((name) => name.startsWith('FILES_S3_') && env[name]);
  if (!env.FILES_URL) {
    if (s3Vars.length) throw new Error(`${s3Vars.join(', ')} requiere FILES_URL=s3://bucket/prefijo`);
    return { kind: 'disk', dir: path.join(dataDir, 'files') };
  }
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(env.FILES_URL);
  if (!match) throw new Error(`FILES_URL debe tener la forma s3://bucket o s3://bucket/prefijo (valor recibido: ${env.FILES_URL})`);
  const endpoint = env.FILES_S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error('FILES_S3_ENDPOINT debe ser una URL http:// o https://');
  const accessKeyId = env.FILES_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.FILES_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('FILES_S3_ACCESS_KEY_ID y FILES_S3_SECRET_ACCESS_KEY van juntas (o ninguna, para las credenciales del entorno)');
  }
  return {
    kind: 's3',
    bucket: match[1],
    prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: env.FILES_S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Local and most non-AWS servers (MinIO, s3rver) only answer path-style requests.
    forcePathStyle: flagVar(env, 'FILES_S3_FORCE_PATH_STYLE', Boolean(endpoint)),
  };
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
  if (env.SECRETS_KEY && !/^[A-Za-z0-9+/]{43}=$/.test(env.SECRETS_KEY)) {
    throw new Error('SECRETS_KEY debe ser una clave de 32 bytes en base64 (44 caracteres; p. ej. openssl rand -base64 32)');
  }
  const http = {
    headersTimeoutMs: intVar(env, 'HEADERS_TIMEOUT_MS', 15_000),
    // 50 MB in 300 s needs about 1.4 Mbit/s of upload.
    requestTimeoutMs: intVar(env, 'REQUEST_TIMEOUT_MS', 300_000),
    idleTimeoutMs: intVar(env, 'IDLE_TIMEOUT_MS', 60_000),
    // Longer than the 60 s idle timeout of common proxies and load balancers: the server must not close first.
    keepAliveTimeoutMs: intVar(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000),
  };
  // Node refuses to start otherwise: the headers are part of the request.
  if (http.requestTimeoutMs > 0 && http.headersTimeoutMs > http.requestTimeoutMs) {
    throw new Error(`HEADERS_TIMEOUT_MS no puede ser mayor que REQUEST_TIMEOUT_MS (${http.requestTimeoutMs})`);
  }
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    secretsKey: env.SECRETS_KEY || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Amelia <no-responder@amelia.localhost>',
    taxpayerLookupUrl: env.TAXPAYER_LOOKUP_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    checkpointIntervalMs: intVar(env, 'CHECKPOINT_INTERVAL_MS', 60_000),
    http,
    dbConnectTimeoutMs: intVar(env, 'DB_CONNECT_TIMEOUT_MS', 5_000),
    rateLimit: {
      windowMs: intVar(env, 'RATE_LIMIT_WINDOW_MS', 15 * 60_000),
      maxPerIp: intVar(env, 'RATE_LIMIT_MAX_PER_IP', 60),
      maxPerAccount: intVar(env, 'RATE_LIMIT_MAX_PER_ACCOUNT', 100),
      freePerPair: intVar(env, 'RATE_LIMIT_FREE_PER_PAIR', 5),
    },
    webDir: path.resolve(env.WEB_DIR || path.join(root, 'dist')),
    trustProxy: intVar(env, 'TRUST_PROXY', 0),
    files: filesConfig(env, dataDir),
    consultas: consultasConfig(env),
    whatsapp: {
      apiUrl: urlVar(env, 'WHATSAPP_API_URL') ?? 'https://graph.facebook.com/v21.0',
      token: env.WHATSAPP_TOKEN || undefined,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || undefined,
    },
    sri: {
      urls: {
        '1': urlVar(env, 'SRI_PRUEBAS_URL') ?? 'https://celcer.sri.gob.ec/comprobantes-electronicos-ws',
        '2': urlVar(env, 'SRI_PRODUCCION_URL') ?? 'https://cel.sri.gob.ec/comprobantes-electronicos-ws',
      },
      timeoutMs: intVar(env, 'SRI_TIMEOUT_MS', 20_000),
      cola: flagVar(env, 'SRI_COLA', true),
      concurrencia: Math.max(1, intVar(env, 'SRI_CONCURRENCIA', 64)),
      intervaloMs: Math.max(100, intVar(env, 'SRI_INTERVALO_MS', 5_000)),
      reintentoMs: Math.max(10, intVar(env, 'SRI_REINTENTO_MS', 2_000)),
    },
    rideHilos: Math.max(0, intVar(env, 'RIDE_HILOS', Math.min(4, Math.max(1, os.availableParallelism() - 1)))),
    demoVivo: flagVar(env, 'DEMO_VIVO', true),
    integraciones: {
      limitePorMinuto: Math.max(1, intVar(env, 'API_CLAVE_LIMITE', 600)),
      webhooks: {
        cola: flagVar(env, 'WEBHOOKS_COLA', true),
        timeoutMs: Math.max(100, intVar(env, 'WEBHOOKS_TIMEOUT_MS', 10_000)),
        reintentoMs: Math.max(10, intVar(env, 'WEBHOOKS_REINTENTO_MS', 60_000)),
        intervaloMs: Math.max(100, intVar(env, 'WEBHOOKS_INTERVALO_MS', 5_000)),
        redesPrivadas: flagVar(env, 'WEBHOOKS_REDES_PRIVADAS', false),
      },
    },
  };
}
