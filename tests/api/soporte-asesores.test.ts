import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { MSG } from '../../domain/messages';
import { asesores } from '../../server/infra/db/schema';
import { seedDemo } from '../../server/infra/db/seed';
import { adminToken, API, companyToken } from '../helpers/soporte-api';

describe.each(testDatabases)('asesores (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const list = (query = '') => t.app.inject({ method: 'GET', url: `${API}/asesor${query}`, headers: { 'x-token': admin } });
  const search = (filtro: string, token = admin) =>
    t.app.inject({ method: 'POST', url: `${API}/asesor/nombre`, payload: { filtro }, headers: { 'x-token': token } });

  it('GET /asesor lista los asesores activos por nombre, con Content-Range', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('asesores 0-2/3');
    expect(res.json()).toEqual([
      {
        ASE_CODIGO: expect.any(Number),
        ASE_NOMBRE: 'Andrés Villacís',
        ASE_CORREO: 'andres.villacis@amelia.ec',
        ASE_IDENTIFICACION: '0926687856',
        ASE_TELEFONO: null,
        ASE_TIPO: 'SOPORTE',
        ASE_ACTIVO: true,
        tickets: 0,
      },
      {
        ASE_CODIGO: expect.any(Number),
        ASE_NOMBRE: 'Daniela Cevallos',
        ASE_CORREO: 'daniela.cevallos@amelia.ec',
        ASE_IDENTIFICACION: '1714307103',
        ASE_TELEFONO: null,
        ASE_TIPO: 'SOPORTE',
        ASE_ACTIVO: true,
        tickets: 0,
      },
      {
        ASE_CODIGO: expect.any(Number),
        ASE_NOMBRE: 'Gabriela Torres',
        ASE_CORREO: 'gabriela.torres@amelia.ec',
        ASE_IDENTIFICACION: '0602910945',
        ASE_TELEFONO: null,
        ASE_TIPO: 'SOPORTE',
        ASE_ACTIVO: true,
        tickets: 0,
      },
    ]);
  });

  it('volver a sembrar no duplica los asesores', async () => {
    await seedDemo(t.db, t.config);
    expect((await list()).headers['content-range']).toBe('asesores 0-2/3');
  });

  it('POST /asesor/nombre busca por identificación o por nombre, solo activos', async () => {
    expect((await search('torres')).json().map((a: { ASE_NOMBRE: string }) => a.ASE_NOMBRE)).toEqual(['Gabriela Torres']);
    expect((await search('0926')).json().map((a: { ASE_NOMBRE: string }) => a.ASE_NOMBRE)).toEqual(['Andrés Villacís']);
    expect((await search('ANDRÉS')).json()).toHaveLength(1);
    expect((await search('%')).json()).toEqual([]);
    await t.db.update(asesores).set({ ASE_ACTIVO: false }).where(eq(asesores.ASE_NOMBRE, 'Gabriela Torres'));
    expect((await search('torres')).json()).toEqual([]);
    const res = await list();
    expect(res.json().map((a: { ASE_NOMBRE: string }) => a.ASE_NOMBRE)).toEqual(['Andrés Villacís', 'Daniela Cevallos']);
    const empty = await search('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ msg: MSG.required('filtro') });
  });

  it('sin token GET /asesor da la proyección pública; la búsqueda exige token de administrador', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/asesor` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual([
      { ASE_CODIGO: expect.any(Number), ASE_NOMBRE: 'Andrés Villacís' },
      { ASE_CODIGO: expect.any(Number), ASE_NOMBRE: 'Daniela Cevallos' },
    ]);
    expect((await t.app.inject({ method: 'POST', url: `${API}/asesor/nombre`, payload: { filtro: 'a' } })).statusCode).toBe(401);
    const company = await companyToken(t);
    const res = await t.app.inject({ method: 'GET', url: `${API}/asesor`, headers: { 'x-token': company } });
    expect(res.statusCode).toBe(403);
    expect((await search('a', company)).statusCode).toBe(403);
  });
});
