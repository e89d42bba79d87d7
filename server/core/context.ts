import type { Config } from '../config';
import type { Database, Db } from '../infra/db/client';
import type { Mailer } from '../infra/mail';
import type { TokenService } from '../infra/tokens';
import type { RateLimiter } from './rate-limit';
import type { FileStore } from '../infra/files';

/** What every route area needs; built once in app.ts and passed to each route plugin. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  limiter: RateLimiter;
  files: FileStore;
};

import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Guards } from './guards';

/** The Fastify instance each route file receives: TypeBox-typed, with the guards at hand. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
export type RouteArea = (app: App, ctx: AppContext & { guards: Guards }) => void | Promise<void>;
