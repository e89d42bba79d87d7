import { sql } from 'drizzle-orm';
import type { ModuleRoutes } from '../../core/context';
import { Msg } from '../../core/schemas';
import type { Db } from '../../infra/db/client';
import { DATABASE_UNAVAILABLE } from '../../infra/db/unavailable';
import { Estado } from './contract';

/** Within this a database that answers has answered; probes (Kubernetes' default timeout is 1 s) must not wait longer. */
const READY_TIMEOUT_MS = 1_000;

/** Whether the database runs a trivial statement within READY_TIMEOUT_MS. */
async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)));
  try {
    return await Promise.race([db.execute(sql`SELECT 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const tags = ['Salud'];
const ok: Estado = { estado: 'ok' };

/** Health checks for load balancers and orchestrators. Probes come every few seconds: only failures are logged. */
const saludRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Vida: el proceso responde (no consulta la base de datos)',
        description:
          'Para reiniciar el proceso si deja de responder. Siempre 200 mientras el servidor atiende; no depende de la base de datos, así que una caída de PostgreSQL no hace reiniciar la API.',
        response: { 200: Estado },
      },
    },
    async () => ok,
  );

  app.get(
    '/ready',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Disponibilidad: la base de datos responde',
        description: `Para enviar tráfico solo a instancias que pueden atenderlo. Ejecuta SELECT 1: 200 si la base responde en ${READY_TIMEOUT_MS} ms, 503 con msg si no (por ejemplo, mientras PostgreSQL se reinicia).`,
        response: { 200: Estado, 503: Msg },
      },
    },
    async (request, reply) => {
      if (await databaseAnswers(db)) return ok;
      request.log.warn('la base de datos no responde: /api/ready responde 503');
      return reply.status(503).send({ msg: DATABASE_UNAVAILABLE });
    },
  );
};

export default saludRoutes;
