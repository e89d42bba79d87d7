import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Database } from './infra/db/client';
import type { App, Services } from './core/context';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './core/errors';
import { registerRequestReading } from './core/requests';
import { closeAfterRefusedBody, serverTimeouts } from './core/http-limits';
import { createThrottle } from './core/rate-limit';
import { createGuards, documentGuards } from './core/guards';
import { createMailer, type Mailer } from './infra/mail';
import { createTokenService, resolveSecret } from './infra/tokens';
import { createFileStore } from './infra/files';
import { createStorage } from './infra/storage';
import { modules } from './modules';

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */ logStream?: NodeJS.WritableStream;
};

export async function buildApp({ config, database, mailer, logger = true, logStream }: BuildOptions) {
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
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  const ctx: Services = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(resolveSecret(config.jwtSecret, config.dataDir)),
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    throttle: createThrottle(database.db, config.rateLimit.windowMs),
    files: createFileStore(createStorage(config.files), database.db, app.log),
  };
  const guards = createGuards(ctx);

  registerErrorHandling(app);
  closeAfterRefusedBody(app);
  registerRequestReading(app);
  documentGuards(app);
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Amelia API',
        version: '1.0.0',
        description: 'API de Amelia: sesión, administración, soporte y clientes. Los errores responden { msg } en español.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-token' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const { prefix, routes } of modules) {
    await app.register(async (scope) => routes(scope as unknown as App, { ...ctx, guards }), { prefix });
  }

  const indexFile = path.join(config.webDir, 'index.html');
  if (fs.existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      setHeaders(res, filePath) {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return { app, ctx };
}
