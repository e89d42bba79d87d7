import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './infra/db/client';
import { acquireDataDirLock, DataDirLockedError } from './infra/db/lock';
import { buildApp } from './app';
import { seedDemo, isEmpty } from './infra/db/seed';
import { DEMO_ACCOUNTS } from './infra/db/demo-accounts';

/**
 * PGlite: the WAL a crash may leave to replay at the next start, one WAL segment. A checkpoint of that much takes a
 * small fraction of the replay it saves (docs/performance.md "Start-up").
 */
const WAL_CHECKPOINT_BYTES = 16 * 1024 * 1024;
/** How often the WAL since the last checkpoint is looked at: one statement, and none while nothing was written. */
const WAL_CHECK_MS = 1_000;

function fail(message: string): never {
  console.error(`\nNo se pudo iniciar Amelia: ${message}\n`);
  process.exit(1);
}

/** `pgliteWasm`: PGlite's WebAssembly, compiled while this code loaded (server/start.mjs). */
export async function main({ pgliteWasm }: { pgliteWasm?: Promise<WebAssembly.Module | undefined> } = {}) {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });

  let releaseLock = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
      connectTimeoutMs: config.dbConnectTimeoutMs,
      pgliteWasmModule: config.databaseUrl ? undefined : await pgliteWasm,
    });
  } catch (error) {
    releaseLock();
    fail(`no se pudo abrir la base de datos (${(error as Error).message})`);
  }

  const seeded = !config.databaseUrl && (await isEmpty(database.db)) ? (await seedDemo(database.db, config), true) : false;
  if (seeded && config.demoVivo) {
    // Loaded only now: the living demo and the local SRI it starts stay out of every other start (a chunk of their own).
    const { vivificarDemo } = await import('./demo/vivo');
    console.log('Preparando la demostración: clientes, productos y facturas autorizadas por un SRI local (DEMO_VIVO=false la omite)...');
    try {
      const resumen = await vivificarDemo(database, config, (linea) => console.log(linea));
      const { guia, ofertas } = resumen.logistica;
      console.log(
        `Demostración lista en ${(resumen.ms / 1000).toFixed(1)} s: ${resumen.facturas.AUTORIZADA ?? 0} facturas autorizadas, una guía de remisión ${guia.estado} y ${ofertas.length} ofertas (${ofertas.join(', ')}).`,
      );
    } catch (error) {
      console.error(`La demostración quedó incompleta: ${(error as Error).message}`);
    }
  }
  const { app, ctx } = await buildApp({ config, database });
  // In the background: listing a large bucket must not delay start-up, and nothing waits for the result.
  ctx.files.sweep().then(
    (removed) => {
      if (removed) app.log.info({ removed }, 'barrido de archivos: se quitaron archivos sin referencia');
    },
    (error: Error) => app.log.warn({ err: { message: error.message } }, 'barrido de archivos: no se pudo completar'),
  );

  // PGlite: CHECKPOINT, then ANALYZE / VACUUM of the tables that changed enough (it has no autovacuum); never two at once.
  let maintaining = false;
  const exclusive = async (job: () => Promise<void>) => {
    if (maintaining) return;
    maintaining = true;
    try {
      await job();
    } catch (error) {
      app.log.error({ err: error }, 'CHECKPOINT o ANALYZE falló');
    } finally {
      maintaining = false;
    }
  };
  const maintain = () =>
    exclusive(async () => {
      await database.checkpoint();
      const tables = await database.maintain();
      if (tables.length) app.log.info({ tables }, 'estadísticas de PGlite actualizadas');
    });
  const checkpointTimer =
    database.kind === 'pglite' && config.checkpointIntervalMs > 0
      ? setInterval(() => void maintain(), config.checkpointIntervalMs)
      : undefined;
  // The first pass looks at every table (PGlite forgot the previous process's counters): soon after start, not at once,
  // so that it never delays being ready.
  const firstPassTimer = checkpointTimer && setTimeout(() => void maintain(), Math.min(5_000, config.checkpointIntervalMs));
  // After a kill -9 the next start replays the WAL written since the last checkpoint before it can answer: a burst of
  // writes gets its checkpoint once it has written WAL_CHECKPOINT_BYTES, not only at the next interval.
  const walSinceCheckpoint = database.walSinceCheckpoint;
  const walTimer =
    checkpointTimer && walSinceCheckpoint
      ? setInterval(
          () =>
            void exclusive(async () => {
              if ((await walSinceCheckpoint()) > WAL_CHECKPOINT_BYTES) await database.checkpoint();
            }),
          WAL_CHECK_MS,
        )
      : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recibido: cerrando Amelia`);
    clearInterval(checkpointTimer);
    clearInterval(walTimer);
    clearTimeout(firstPassTimer);
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    releaseLock();
    fail(`no se pudo escuchar en el puerto ${config.port} (${(error as Error).message})`);
  }

  const port = (app.server.address() as { port: number }).port;
  const lines = [
    '',
    `Amelia está lista en http://localhost:${port}/`,
    `  Base de datos: ${database.kind === 'pglite' ? `PGlite en ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Documentación de la API: http://localhost:${port}/api/docs`,
  ];
  if (seeded) lines.push(`  Primer arranque (datos de demostración incluidos): ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (seeded || !config.databaseUrl) {
    lines.push('', `Cuentas de demostración${seeded ? ' (creadas ahora)' : ''}:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.rol.padEnd(15)} ${account.acceso}`);
  }
  console.log(lines.join('\n') + '\n');
}
