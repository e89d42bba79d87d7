import './menu-access';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Database, Db } from '../infra/db/client';
import type { Mailer } from '../infra/mail';
import type { TokenService } from '../infra/tokens';
import type { FileStore } from '../infra/files';
import type { ClienteSri } from '../modules/comprobantes';
import type { DibujanteRide, TipoComprobante } from '../modules/comprobantes';
import type { Throttle } from './rate-limit';
import type { Guards } from './guards';

/** The request's logger, as services and repositories receive it from their route (request.log). */
export type Log = FastifyBaseLogger;

/** The services every module needs; built once in app.ts. */
export type Services = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  throttle: Throttle;
  files: FileStore;
  /** The SRI's web services, and the queue's worker to wake when a document is issued (a no-op when SRI_COLA=false). */
  sri: { cliente: ClienteSri; despertar(): void };
  /** Draws the documents' RIDEs, in worker threads (RIDE_HILOS). */
  ride: DibujanteRide;
  /**
   * The document types by codDoc (server/modules/tipos.ts, the registry): what the core's email and queue need of a
   * stored document's FAC_TIPO. The core never imports the registry; it is handed down from here.
   */
  tipos: (codDoc: string) => TipoComprobante;
};

/** What each module's routes receive: the services and the guards. */
export type AppContext = Services & { guards: Guards };

/** The Fastify instance each routes file receives, TypeBox-typed. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A module's routes plugin, mounted under the module's prefix (server/modules/index.ts). */
export type ModuleRoutes = (app: App, ctx: AppContext) => void | Promise<void>;
