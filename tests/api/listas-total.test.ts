import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soporte } from '../../server/infra/db/schema';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { adminToken, API, createTicket } from '../helpers/soporte-api';

/** The statement that counts a list's rows (core/list/cache.ts): SELECT count(*) over the filter, limited past EXACT_TOTAL. */
const COUNT = /^select count\(\*\) from \(select 1 as "one" from "soporte"/i;

describe.each(testDatabases)('listas: el total de una lista (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  const sent: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { onQuery: (query) => sent.push(query) });
    token = await adminToken(t);
    await t.db.delete(soporte);
    for (const name of ['Ana Ruiz', 'Bruno Díaz', 'Carla Mena']) await createTicket(t, { SPT_CLIENTENOMBRE: name });
  });
  afterAll(() => t?.close());

  /** The total the list answers, and whether the request counted the rows to give it. */
  const list = async (filter: Record<string, unknown>, range = [0, 24]) => {
    sent.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/soporte?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) })}`,
      headers: { 'x-token': token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { total: Number(res.headers['content-range']!.split('/')[1]), counted: sent.some((query) => COUNT.test(query)) };
  };
  const setState = (id: number, SPT_ESTADO: string) =>
    t.app.inject({ method: 'PUT', url: `${API}/soporte/${id}`, payload: { SPT_ESTADO }, headers: { 'x-token': token } });

  it('cuenta una vez mientras nada cambia (PGlite), y el total sigue a cada cambio', async () => {
    // On PostgreSQL other instances write too: every request counts.
    const kept = kind === 'pglite';
    expect(await list({ SPT_ESTADO: 'ABIERTO' })).toEqual({ total: 3, counted: true });
    expect(await list({ SPT_ESTADO: 'ABIERTO' })).toEqual({ total: 3, counted: !kept });
    // Another page or order of the same filter values has the same total.
    expect(await list({ SPT_ESTADO: 'ABIERTO' }, [1, 1])).toEqual({ total: 3, counted: !kept });
    // Other filter values are counted on their own.
    expect(await list({ SPT_ESTADO: 'CERRADO' })).toEqual({ total: 0, counted: true });

    const { SPT_ID } = await createTicket(t, { SPT_CLIENTENOMBRE: 'Diego Vela' });
    expect(await list({ SPT_ESTADO: 'ABIERTO' })).toEqual({ total: 4, counted: true });
    expect((await setState(SPT_ID, 'CERRADO')).statusCode).toBe(200);
    expect(await list({ SPT_ESTADO: 'ABIERTO' })).toEqual({ total: 3, counted: true });
    expect(await list({ SPT_ESTADO: 'CERRADO' })).toEqual({ total: 1, counted: true });
    expect(await list({ SPT_ESTADO: 'CERRADO' })).toEqual({ total: 1, counted: !kept });

    // A write straight through the database handle (a script, a migration's data step in the same process) counts too.
    await t.db.delete(soporte);
    expect(await list({ SPT_ESTADO: 'CERRADO' })).toEqual({ total: 0, counted: true });
  });
});
