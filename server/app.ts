import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Database } from './infra/db/client';
import type { App, Services } from './core/context';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './core/errors';
import { registerRequestReading } from './core/requests';
import { createLazyCompiler, lazySerializers } from './core/lazy-compile';
import { closeAfterRefusedBody, serverTimeouts } from './core/http-limits';
import { createThrottle } from './core/rate-limit';
import { createGuards, documentGuards, guardArea } from './core/guards';
import { documentarClaves, registrarAccionesDeClaves } from './core/claves-api';
import { registrarIdempotencia } from './core/idempotencia';
import { sendListRange } from './core/list';
import { defaultPermission, recordMenuAccess } from './core/menu-access';
import { defaultRoles } from './core/role-access';
import { createMailer, type Mailer } from './infra/mail';
import { createTokenService, resolveSecret } from './infra/tokens';
import { createFileStore } from './infra/files';
import { createStorage } from './infra/storage';
import { modules } from './modules';
import { crearClienteSri } from './modules/comprobantes';
import { crearTrabajadorSri } from './modules/comprobantes';
import { tipoDe } from './modules/tipos';
import { crearDibujanteRide } from './modules/comprobantes';
import { crearTrabajadorWebhooks } from './modules/webhooks';
import { secretBoxFor } from './infra/secret-box';

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */ logStream?: NodeJS.WritableStream;
};

const BROTLI = { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 2 };
/**
 * Up to this size a response is compressed at quality 1: at 1 or 2 it leaves in the first round trip of a new
 * connection (TCP's initial window, 10 segments, about 14 KB) whatever its size, so only the CPU differs, and quality
 * 1 takes less of it. Bigger payloads keep quality 2, where bytes count. The measurements are in docs/performance.md.
 */
const BROTLI_Q1_UP_TO = 32 * 1024;

/**
 * Brotli told the payload's size, with a window no larger than the payload: it then sizes its tables to it, and a small
 * page does not pay for the default 4 MiB window's memory, cold in the cache after the query; the output is the same
 * (docs/performance.md).
 */
function brotliSized(payload: Buffer | string) {
  const size = Buffer.byteLength(payload);
  const window = Math.min(
    zlib.constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))),
  );
  return zlib.brotliCompressSync(payload, {
    params: {
      ...BROTLI,
      ...(size <= BROTLI_Q1_UP_TO ? { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } : {}),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.constants.BROTLI_PARAM_LGWIN]: window,
    },
  });
}

export async function buildApp({ config, database, mailer, logger = true, logStream }: BuildOptions) {
  const lazy = createLazyCompiler();
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: [
            'req.headers["x-token"]',
            'req.headers.authorization',
            'busboyOptions.headers["x-token"]',
            'busboyOptions.headers.authorization',
          ],
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: 1024 * 1024,
    // A function, not the number: Fastify 5.12 fails closed on a numeric trustProxy. Hop 0 is the socket's peer.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    frameworkErrors,
    clientErrorHandler,
    ...serverTimeouts(config),
    schemaController: { compilersFactory: { buildSerializer: lazySerializers(lazy) } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  const ctx: Services = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(resolveSecret(config.jwtSecret, config.dataDir)),
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    throttle: createThrottle(database.db, config.rateLimit.windowMs),
    files: createFileStore(createStorage(config.files), database.db, app.log),
    sri: { cliente: crearClienteSri(config.sri), despertar: () => {} },
    ride: crearDibujanteRide(config.rideHilos),
    tipos: tipoDe,
  };
  if (config.sri.cola) {
    const trabajador = crearTrabajadorSri({ ...ctx, sri: ctx.sri.cliente, config: config.sri, log: app.log }, config.sri);
    ctx.sri.despertar = trabajador.despertar;
    app.addHook('onReady', async () => trabajador.iniciar());
    app.addHook('onClose', async () => trabajador.detener());
  }
  if (config.integraciones.webhooks.cola) {
    const box = secretBoxFor(config);
    const webhooks = crearTrabajadorWebhooks({ db: database.db, box, log: app.log }, config.integraciones.webhooks);
    app.addHook('onReady', async () => webhooks.iniciar());
    app.addHook('onClose', async () => webhooks.detener());
  }
  // After the queue's worker: the emails it is finishing still draw their RIDEs and go out on the SMTP pool.
  app.addHook('onClose', async () => ctx.ride.cerrar());
  // Only the mailer made here: one handed in belongs to its caller.
  if (!mailer) app.addHook('onClose', async () => ctx.mailer.close?.());
  const guards = createGuards(ctx);

  registerErrorHandling(app);
  closeAfterRefusedBody(app);
  registerRequestReading(app, lazy);
  app.addHook('onListen', async () => {
    lazy.compileRest().catch((error: Error) => app.log.error({ err: error }, 'no se pudo compilar un esquema'));
  });
  documentGuards(app);
  registrarAccionesDeClaves(app, database.db);
  // Safe retries: a company POST with Idempotency-Key runs once (its claim after the guards and the schema).
  registrarIdempotencia(app, database.db);
  // app.menuAccess: every route, the area of its guard and its permission (the permission matrix test reads it).
  recordMenuAccess(app, guardArea);
  // Before every route (it hooks each one as it is added). Text only — JSON, JavaScript, CSS, HTML, SVG: the plugin's
  // default list also takes application/octet-stream, which is how unknown uploaded files go back, and archives,
  // images and PDFs are compressed already. Request bodies are left as they come (no decompression).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)/,
    globalDecompression: false,
    // Compressed in place up to 128 KiB (a 500-row list page): the plugin's stream path (its default above 8 KiB)
    // adds milliseconds to every list (docs/performance.md).
    syncThreshold: 128 * 1024,
    // Quality 2 (1 up to BROTLI_Q1_UP_TO), not the plugin's 4: on a list page 4 takes about twice the CPU for a fifth
    // fewer bytes (docs/performance.md). The built assets are not compressed here: they go
    // out as the build's .br copies.
    brotliOptions: { params: BROTLI },
    zlib: { brotliCompressSync: brotliSized },
  });
  // Lists answer with ra-data-simple-rest's `Content-Range: <resource> 0-24/1000`, which the plugin would take for a
  // byte range and not compress: the header is set after the plugin's onSend, which the plugin adds to each route here.
  app.addHook('onRoute', (route) => {
    route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), sendListRange];
  });
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Amelia API',
        version: '1.0.0',
        description:
          'API de Amelia: sesión, administración, soporte y clientes. Los errores responden { msg } en español. ' +
          'Reintentos seguros: un POST de la empresa con la cabecera Idempotency-Key (1 a 255 caracteres ASCII, una por ' +
          'operación) se ejecuta una sola vez; repetido con la misma clave y el mismo cuerpo durante al menos 24 horas responde lo ' +
          'mismo con Idempotent-Replayed: true, con otro cuerpo responde 422 y, mientras el primero sigue en curso, espera ' +
          'hasta 30 s (luego 409).',
      },
      components: {
        parameters: {
          IdempotencyKey: {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Cualquier POST de la empresa: la misma clave con el mismo cuerpo responde la primera respuesta (Idempotent-Replayed: true) sin repetir la operación; con otro cuerpo, 422 (server/core/idempotencia.ts)',
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
          },
        },
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'x-token' },
          claveApi: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'amk_…',
            description: 'Una clave de API de la empresa (menú Claves de API): docs/integraciones.md',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const { prefix, routes, permiso, roles } of modules) {
    await app.register(
      async (scope) => {
        // The module's permission and company roles, for its routes that name none (core/menu-access.ts, core/role-access.ts).
        scope.addHook('onRoute', defaultPermission(permiso));
        scope.addHook('onRoute', defaultRoles(roles, guardArea));
        scope.addHook('onRoute', documentarClaves(guardArea));
        await routes(scope as unknown as App, { ...ctx, guards });
      },
      { prefix },
    );
  }

  const indexFile = path.join(config.webDir, 'index.html');
  if (fs.existsSync(indexFile)) {
    // index.html and the assets come with .br and .gz copies made by the build (vite.config.ts); other files are
    // compressed per request by @fastify/compress.
    // The hashed assets through one route that finds the file on request, cached for a year: a route per file (the
    // plugin walks the folder at start and adds a GET and a HEAD for each, 500 with the copies) costs a tenth of every
    // start-up (docs/performance.md). A prefix of their own keeps that wildcard away from /api, whose too-long parameters must stay a 414.
    await app.register(fastifyStatic, {
      root: path.join(config.webDir, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      decorateReply: false,
      setHeaders(res) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    // The few other files (index.html, the brands' images) by name, revalidated on every use.
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
      preCompressed: true,
      setHeaders(res) {
        res.header('Cache-Control', 'no-cache');
      },
    });
  }

  return { app, ctx, schemasCompiled: lazy.restCompiled };
}
