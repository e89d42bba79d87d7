import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { auditoria, empresas, pagos } from '../../server/infra/db/schema';
import { MSG } from '../../domain/messages';
import { BANCO_MSG } from '../../domain/bancos';

type Banco = { BAN_CODIGO: number; BAN_NOMBRE: string; BAN_TIPO_CUENTA: string; BAN_NUMERO: string; BAN_ACTIVO: boolean; pagos: number };

describe.each(testDatabases)('bancos: /empresas/bancos y su administración (%s)', (kind) => {
  let t: TestApp;
  let admin: { token: string; ADM_CODIGO: number };
  let distributor: string;
  let company: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await loginAdmin(t);
    distributor = (await loginAdmin(t, DEMO.distribuidor)).token;
    company = (await loginCompany(t)).token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token: string | null = admin.token) =>
    t.app.inject({
      method,
      url: `${API}/empresas/bancos${url}`,
      headers: token ? { 'x-token': token } : {},
      ...(payload ? { payload } : {}),
    });
  let serial = 0;
  const body = (overrides: Record<string, unknown> = {}) => ({
    BAN_NOMBRE: 'Banco del Austro',
    BAN_TIPO_CUENTA: 'CORRIENTE',
    BAN_NUMERO: `80${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(3, '0')}`,
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '', body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Banco;
  };
  const auditOf = (id: number) =>
    t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.AUD_RECURSO, 'bancos'), eq(auditoria.AUD_REGISTRO, String(id))))
      .orderBy(desc(auditoria.AUD_ID));
  const adminList = async (filter: object = {}, token = admin.token) => {
    const res = await call('GET', `?todos=1&filter=${encodeURIComponent(JSON.stringify(filter))}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Banco[];
  };
  const active = async () => ((await call('GET', '')).json() as Banco[]).map((b) => b.BAN_CODIGO);

  it('crea una cuenta (201), queda disponible para los pagos y se registra en la auditoría', async () => {
    const values = body({ BAN_NOMBRE: ' Banco Bolivariano ' });
    const res = await call('POST', '', values);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Banco;
    expect(created).toEqual({
      BAN_CODIGO: expect.any(Number),
      BAN_NOMBRE: 'Banco Bolivariano',
      BAN_TIPO_CUENTA: 'CORRIENTE',
      BAN_NUMERO: values.BAN_NUMERO,
      BAN_ACTIVO: true,
      pagos: 0,
    });
    expect((await call('GET', `/${created.BAN_CODIGO}`)).json()).toEqual(created);
    // The payments dialog's list: the same four fields as before, active accounts only.
    const lookup = (await call('GET', '', undefined, distributor)).json() as Array<Record<string, unknown>>;
    expect(lookup.find((b) => b.BAN_CODIGO === created.BAN_CODIGO)).toEqual({
      BAN_CODIGO: created.BAN_CODIGO,
      BAN_NOMBRE: 'Banco Bolivariano',
      BAN_TIPO_CUENTA: 'CORRIENTE',
      BAN_NUMERO: values.BAN_NUMERO,
    });
    const [entry] = await auditOf(created.BAN_CODIGO);
    expect(entry).toMatchObject({
      ADM_CODIGO: admin.ADM_CODIGO,
      AUD_ACCION: 'creacion',
      AUD_DESPUES: { BAN_NOMBRE: 'Banco Bolivariano', BAN_TIPO_CUENTA: 'CORRIENTE', BAN_NUMERO: values.BAN_NUMERO, BAN_ACTIVO: true },
    });
  });

  it.each([
    [{ BAN_NUMERO: '1234' }, BANCO_MSG.invalidNumber],
    [{ BAN_NUMERO: '1'.repeat(21) }, BANCO_MSG.invalidNumber],
    [{ BAN_NUMERO: '220-123456' }, BANCO_MSG.invalidNumber],
    [{ BAN_NUMERO: 'ABCDE12345' }, BANCO_MSG.invalidNumber],
    [{ BAN_NUMERO: undefined }, MSG.required('BAN_NUMERO')],
    [{ BAN_TIPO_CUENTA: 'PLAZO' }, BANCO_MSG.invalidType],
    [{ BAN_NOMBRE: '   ' }, BANCO_MSG.nameRequired],
    [{ BAN_NOMBRE: 'x'.repeat(121) }, 'El campo BAN_NOMBRE admite como máximo 120 caracteres'],
  ])('datos inválidos %j: 400 %s', async (overrides, msg) => {
    const res = await call('POST', '', body(overrides));
    expect([res.statusCode, res.json()]).toEqual([400, { msg }]);
  });

  it('la misma cuenta (banco y número) no se repite: 409', async () => {
    const first = await create({ BAN_NOMBRE: 'Banco Internacional' });
    const again = await call('POST', '', body({ BAN_NOMBRE: 'banco internacional', BAN_NUMERO: first.BAN_NUMERO }));
    expect([again.statusCode, again.json()]).toEqual([409, { msg: BANCO_MSG.accountTaken }]);
    const other = await create({ BAN_NOMBRE: 'Banco Internacional' });
    const edit = await call('PUT', `/${other.BAN_CODIGO}`, body({ BAN_NOMBRE: 'Banco Internacional', BAN_NUMERO: first.BAN_NUMERO }));
    expect([edit.statusCode, edit.json()]).toEqual([409, { msg: BANCO_MSG.accountTaken }]);
  });

  it('edita y desactiva: la auditoría guarda solo lo que cambió; una cuenta inactiva deja de ofrecerse para pagar', async () => {
    const created = await create({ BAN_NOMBRE: 'Banco de Loja', BAN_TIPO_CUENTA: 'AHORROS' });
    const res = await call('PUT', `/${created.BAN_CODIGO}`, { ...created, BAN_TIPO_CUENTA: 'CORRIENTE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...created, BAN_TIPO_CUENTA: 'CORRIENTE' });
    expect((await auditOf(created.BAN_CODIGO))[0]).toMatchObject({
      AUD_ACCION: 'edicion',
      AUD_ANTES: { BAN_TIPO_CUENTA: 'AHORROS' },
      AUD_DESPUES: { BAN_TIPO_CUENTA: 'CORRIENTE' },
    });
    expect(await active()).toContain(created.BAN_CODIGO);
    const off = await call('PUT', `/${created.BAN_CODIGO}`, { ...res.json(), BAN_ACTIVO: false });
    expect(off.json().BAN_ACTIVO).toBe(false);
    expect((await auditOf(created.BAN_CODIGO))[0]).toMatchObject({ AUD_ACCION: 'desactivacion', AUD_ANTES: { BAN_ACTIVO: true } });
    expect(await active()).not.toContain(created.BAN_CODIGO);
  });

  it('la lista de la administración (todos=1): activas e inactivas, filtros, orden y Content-Range', async () => {
    const tag = `Cooperativa Jardín ${Math.random().toString(36).slice(2, 6)}`;
    const savings = await create({ BAN_NOMBRE: tag, BAN_TIPO_CUENTA: 'AHORROS', BAN_NUMERO: '5550001111' });
    const closed = await create({ BAN_NOMBRE: tag, BAN_TIPO_CUENTA: 'CORRIENTE', BAN_NUMERO: '5550002222', BAN_ACTIVO: false });
    const word = tag.toUpperCase().replace('Í', 'I');
    expect((await adminList({ q: word })).map((b) => b.BAN_CODIGO)).toEqual([savings.BAN_CODIGO, closed.BAN_CODIGO]);
    expect((await adminList({ q: word, BAN_ACTIVO: false })).map((b) => b.BAN_CODIGO)).toEqual([closed.BAN_CODIGO]);
    expect((await adminList({ q: word, BAN_TIPO_CUENTA: 'AHORROS' })).map((b) => b.BAN_CODIGO)).toEqual([savings.BAN_CODIGO]);
    expect((await adminList({ q: '5550002' })).map((b) => b.BAN_CODIGO)).toEqual([closed.BAN_CODIGO]);
    const page = await call(
      'GET',
      `?todos=1&sort=["BAN_NUMERO","DESC"]&range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ q: word }))}`,
    );
    expect(page.headers['content-range']).toBe('bancos 0-0/2');
    expect(page.json().map((b: Banco) => b.BAN_NUMERO)).toEqual(['5550002222']);
    const all = await adminList();
    expect(all.map((b) => b.BAN_NOMBRE)).toEqual(expect.arrayContaining(['Banco Guayaquil', 'Banco Pichincha', 'Produbanco']));
    expect(all.every((b) => typeof b.BAN_ACTIVO === 'boolean' && typeof b.pagos === 'number')).toBe(true);
    const bad = await call('GET', `?todos=1&filter=${encodeURIComponent(JSON.stringify({ BAN_TIPO_CUENTA: 'PLAZO' }))}`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { msg: 'El filtro BAN_TIPO_CUENTA no es válido' }]);
  });

  it('eliminar: sin pagos se elimina; con pagos se desactiva y la respuesta lo dice', async () => {
    const unused = await create({ BAN_NOMBRE: 'Banco Sin Pagos' });
    const gone = await call('DELETE', `/${unused.BAN_CODIGO}`);
    expect([gone.statusCode, gone.json()]).toEqual([
      200,
      { BAN_CODIGO: unused.BAN_CODIGO, accion: 'eliminado', msg: BANCO_MSG.deleted('Banco Sin Pagos') },
    ]);
    expect((await call('GET', `/${unused.BAN_CODIGO}`)).statusCode).toBe(404);
    expect((await auditOf(unused.BAN_CODIGO))[0]).toMatchObject({
      AUD_ACCION: 'eliminacion',
      AUD_ANTES: expect.objectContaining({ BAN_NOMBRE: 'Banco Sin Pagos' }),
    });

    const used = await create({ BAN_NOMBRE: 'Banco Con Pagos' });
    const [empresa] = await t.db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, DEMO.empresa.ruc));
    await t.db.insert(pagos).values({ EMP_CODIGO: empresa.id, PAG_REFERENCIA: 'DEP 1', PAG_MONTO: '10.00', BAN_CODIGO: used.BAN_CODIGO });
    const kept = await call('DELETE', `/${used.BAN_CODIGO}`);
    expect([kept.statusCode, kept.json()]).toEqual([
      200,
      { BAN_CODIGO: used.BAN_CODIGO, accion: 'desactivado', msg: BANCO_MSG.deactivatedInstead('Banco Con Pagos', 1) },
    ]);
    expect((await call('GET', `/${used.BAN_CODIGO}`)).json()).toMatchObject({ BAN_ACTIVO: false, pagos: 1 });
    expect(await active()).not.toContain(used.BAN_CODIGO);
    expect((await call('DELETE', `/${used.BAN_CODIGO}`)).json().msg).toBe(BANCO_MSG.alreadyInactive('Banco Con Pagos', 1));
    await t.db.delete(pagos).where(eq(pagos.BAN_CODIGO, used.BAN_CODIGO));
  });

  it('un código que no existe es 404 al leer, editar y eliminar', async () => {
    for (const [method, payload] of [['GET'], ['PUT', body()], ['DELETE']] as const) {
      const res = await call(method, '/999999', payload);
      expect([method, res.statusCode, res.json()]).toEqual([method, 404, { msg: MSG.notFound }]);
    }
  });

  it('solo los administradores administran: distribuidor y empresa 403, sin token 401; el distribuidor lee las activas', async () => {
    const target = await create();
    for (const token of [distributor, company]) {
      for (const [method, url, payload] of [
        ['POST', '', body()],
        ['PUT', `/${target.BAN_CODIGO}`, body()],
        ['DELETE', `/${target.BAN_CODIGO}`],
        ['GET', `/${target.BAN_CODIGO}`],
        ['GET', '?todos=1'],
      ] as const) {
        const res = await call(method, url, payload, token);
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      }
    }
    for (const [method, url] of [
      ['POST', ''],
      ['DELETE', `/${target.BAN_CODIGO}`],
      ['GET', '?todos=1'],
    ] as const) {
      expect((await call(method, url, method === 'POST' ? body() : undefined, null)).statusCode).toBe(401);
    }
    expect((await call('GET', '', undefined, distributor)).statusCode).toBe(200);
  });
});
