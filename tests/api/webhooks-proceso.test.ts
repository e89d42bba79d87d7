import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, COMPANIES } from '../helpers/accounts';
import { createPostgresDatabase, testDatabases, type TestDbKind } from '../helpers/server';
import { startServerProcess, type ServerProcess } from '../helpers/processes';
import { iniciarReceptor, type Receptor } from '../helpers/receptor-webhooks';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/infra/db/client';
import { seedDemo } from '../../server/infra/db/seed';

/**
 * Deliveries survive a kill -9: a real server process with its webhooks' worker on, a receiver that holds the requests
 * without answering, the server killed while they are in flight, started again on the same data: every delivery reaches
 * the receiver and is answered 2xx exactly once per delivery id, none lost.
 */
const EVENTOS = 12;
/** A receiver's timeout longer than the hold, so that the killed calls are still in flight when the process dies. */
const ENV = {
  SRI_COLA: 'false',
  WEBHOOKS_TIMEOUT_MS: '4000',
  WEBHOOKS_REINTENTO_MS: '100',
  WEBHOOKS_INTERVALO_MS: '200',
  WEBHOOKS_REDES_PRIVADAS: 'true',
};

describe.each(testDatabases)('webhooks: kill -9 del servidor (%s)', (kind: TestDbKind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-webhooks-proc-'));
  const procesos: ServerProcess[] = [];
  let receptor: Receptor | undefined;
  let dropDb: (() => Promise<void>) | undefined;

  afterAll(async () => {
    for (const p of procesos) if (p.exit() === undefined) p.child.kill('SIGKILL');
    await receptor?.close();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The demo data in a fresh PostgreSQL database (the server seeds only PGlite), or PGlite in DATA_DIR. */
  async function entorno(): Promise<Record<string, string>> {
    if (kind === 'pglite') return { ...ENV, DATA_DIR: dataDir };
    const pgDb = await createPostgresDatabase();
    dropDb = pgDb.drop;
    const database = await openDatabase({ databaseUrl: pgDb.url });
    await seedDemo(database.db, loadConfig({ DATA_DIR: dataDir }));
    await database.close();
    return { ...ENV, DATA_DIR: dataDir, DATABASE_URL: pgDb.url };
  }

  async function arrancar(env: Record<string, string>) {
    const { server, base } = await startServerProcess(env);
    procesos.push(server);
    return base;
  }

  it('every delivery held when the server died is delivered after the restart, answered 2xx once per id', async () => {
    receptor = await iniciarReceptor();
    const env = await entorno();
    let base = await arrancar(env);

    const login = await fetch(`${base}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(COMPANIES.tornillo),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { usuario: { token: string } }).usuario;
    const api = (method: string, url: string, body?: object) =>
      fetch(`${base}/api/webhooks${url}`, {
        method,
        headers: { 'x-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    const creado = await api('POST', '', { WEB_URL: receptor.url('/kill'), WEB_EVENTOS: ['comprobante.autorizado'] });
    expect(creado.status).toBe(201);
    const { WEB_CODIGO, secreto } = (await creado.json()) as { WEB_CODIGO: number; secreto: string };
    receptor.secreto('/kill', secreto);
    receptor.programar('/kill', [], 'retener');

    const ids: string[] = [];
    for (let i = 0; i < EVENTOS; i++) {
      const res = await api('POST', `/${WEB_CODIGO}/prueba`);
      expect(res.status).toBe(200);
      ids.push(String(((await res.json()) as { ENT_CODIGO: number }).ENT_CODIGO));
    }
    // Some in flight (held by the receiver), the rest waiting on the queue.
    await receptor.esperar((rs) => rs.length >= 8);
    const enVuelo = receptor.recibidas.length;
    const [muerto] = procesos;
    muerto.child.kill('SIGKILL');
    expect((await muerto.exited).signal).toBe('SIGKILL');
    expect(receptor.recibidas.every((r) => r.respondio === undefined)).toBe(true);

    receptor.programar('/kill', [], 200);
    base = await arrancar(env);
    const entregadas = () => new Set(receptor!.recibidas.filter((r) => r.respondio === 200).map((r) => r.entrega));
    // The ones in flight wait for their lease (timeout + 10 s) to pass.
    await receptor.esperar(() => entregadas().size === EVENTOS, 45_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect(enVuelo).toBeGreaterThanOrEqual(8);
    expect([...entregadas()].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const respondidas = receptor.recibidas.filter((r) => r.entrega === id && r.respondio !== undefined && r.respondio < 300);
      expect(respondidas, `entrega ${id}`).toHaveLength(1);
    }
    expect(receptor.recibidas.every((r) => r.firmaValida)).toBe(true);

    const log = await api('GET', `/${WEB_CODIGO}/entregas?range=[0,99]`);
    expect(log.status).toBe(200);
    const filas = (await log.json()) as Array<{ ENT_CODIGO: number; ENT_ESTADO: string }>;
    expect(filas.map((f) => String(f.ENT_CODIGO)).sort()).toEqual([...ids].sort());
    expect(filas.every((f) => f.ENT_ESTADO === 'ENTREGADA')).toBe(true);
  }, 150_000);
});
