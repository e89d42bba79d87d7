import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany } from '../helpers/accounts';
import { createTicket } from '../helpers/soporte-api';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { auditoria, soporte } from '../../server/infra/db/schema';
import { MSG } from '../../domain/messages';
import { ASESOR_MSG } from '../../domain/asesores';

type Asesor = {
  ASE_CODIGO: number;
  ASE_NOMBRE: string;
  ASE_CORREO: string | null;
  ASE_IDENTIFICACION: string;
  ASE_TELEFONO: string | null;
  ASE_TIPO: string;
  ASE_ACTIVO: boolean;
  tickets: number;
};

let serial = 0;
/** A valid cédula of province 17 that no other adviser of this file has (módulo 10 check digit). */
function cedula(): string {
  serial += 1;
  const body = `170${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(3, '0')}`;
  const sum = Array.from(body).reduce((acc, c, i) => {
    const product = Number(c) * (i % 2 === 0 ? 2 : 1);
    return acc + (product > 9 ? product - 9 : product);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe.each(testDatabases)('asesores: administración en /asesor (%s)', (kind) => {
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
    t.app.inject({ method, url: `${API}/asesor${url}`, headers: token ? { 'x-token': token } : {}, ...(payload ? { payload } : {}) });
  const body = (overrides: Record<string, unknown> = {}) => ({
    ASE_IDENTIFICACION: cedula(),
    ASE_NOMBRE: 'José Núñez',
    ASE_CORREO: 'jose.nunez@amelia.ec',
    ASE_TELEFONO: '0991234567',
    ASE_TIPO: 'VENTAS',
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '', body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Asesor;
  };
  const auditOf = (id: number) =>
    t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.AUD_RECURSO, 'asesores'), eq(auditoria.AUD_REGISTRO, String(id))))
      .orderBy(desc(auditoria.AUD_ID));
  const list = async (filter: object, extra = '') => {
    const res = await call('GET', `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Asesor[];
  };

  it('crea un asesor (201) con todos sus campos y lo registra en la auditoría', async () => {
    const values = body({ ASE_NOMBRE: '  Valeria Muñoz ', ASE_CORREO: 'valeria@amelia.ec' });
    const res = await call('POST', '', values);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Asesor;
    expect(created).toEqual({
      ASE_CODIGO: expect.any(Number),
      ASE_NOMBRE: 'Valeria Muñoz',
      ASE_CORREO: 'valeria@amelia.ec',
      ASE_IDENTIFICACION: values.ASE_IDENTIFICACION,
      ASE_TELEFONO: '0991234567',
      ASE_TIPO: 'VENTAS',
      ASE_ACTIVO: true,
      tickets: 0,
    });
    expect((await call('GET', `/${created.ASE_CODIGO}`)).json()).toEqual(created);
    const [entry] = await auditOf(created.ASE_CODIGO);
    expect(entry).toMatchObject({
      ADM_CODIGO: admin.ADM_CODIGO,
      AUD_USUARIO: DEMO.admin.usuario,
      AUD_ACCION: 'creacion',
      AUD_ANTES: null,
      AUD_DESPUES: expect.objectContaining({
        ASE_NOMBRE: 'Valeria Muñoz',
        ASE_IDENTIFICACION: values.ASE_IDENTIFICACION,
        ASE_TIPO: 'VENTAS',
      }),
    });
  });

  it('por defecto es de soporte y activo; correo y teléfono vacíos quedan sin valor', async () => {
    const created = await create({ ASE_TIPO: undefined, ASE_CORREO: '', ASE_TELEFONO: '  ' });
    expect(created).toMatchObject({ ASE_TIPO: 'SOPORTE', ASE_ACTIVO: true, ASE_CORREO: null, ASE_TELEFONO: null });
  });

  it.each([
    ['12345', MSG.idLength],
    ['17143071031', MSG.idLength],
    ['17143O7103', 'La cédula debe tener 10 dígitos numéricos'],
    ['1714307104', 'El dígito verificador de la cédula no es válido'],
    ['9914307103', 'El dígito verificador de la cédula no es válido'],
    ['1714307104001', 'El dígito verificador del RUC no es válido'],
    ['', MSG.idRequired],
  ])('la identificación %s se rechaza con 400: %s', async (identification, msg) => {
    const res = await call('POST', '', body({ ASE_IDENTIFICACION: identification }));
    expect([res.statusCode, res.json()]).toEqual([400, { msg }]);
  });

  it('acepta un RUC de persona natural válido, y el RUC de una sociedad aunque su dígito verificador no cuadre', async () => {
    expect((await create({ ASE_IDENTIFICACION: '0926687856001' })).ASE_IDENTIFICACION).toBe('0926687856001');
    expect((await create({ ASE_IDENTIFICACION: '1793213150001' })).ASE_IDENTIFICACION).toBe('1793213150001');
  });

  it.each([
    [{ ASE_NOMBRE: '   ' }, ASESOR_MSG.nameRequired],
    [{ ASE_NOMBRE: undefined }, MSG.required('ASE_NOMBRE')],
    [{ ASE_CORREO: 'no-es-correo' }, ASESOR_MSG.invalidEmail],
    [{ ASE_TELEFONO: '12ab' }, ASESOR_MSG.invalidPhone],
    [{ ASE_TIPO: 'GERENTE' }, ASESOR_MSG.invalidType],
    [{ ASE_NOMBRE: 'x'.repeat(151) }, 'El campo ASE_NOMBRE admite como máximo 150 caracteres'],
  ])('datos inválidos %j: 400 %s', async (overrides, msg) => {
    const res = await call('POST', '', body(overrides));
    expect([res.statusCode, res.json()]).toEqual([400, { msg }]);
  });

  it('la identificación es única: 409 al crear y al editar', async () => {
    const first = await create();
    const again = await call('POST', '', body({ ASE_IDENTIFICACION: ` ${first.ASE_IDENTIFICACION} ` }));
    expect([again.statusCode, again.json()]).toEqual([409, { msg: ASESOR_MSG.identificationTaken(first.ASE_IDENTIFICACION) }]);
    const other = await create();
    const edit = await call('PUT', `/${other.ASE_CODIGO}`, body({ ASE_IDENTIFICACION: first.ASE_IDENTIFICACION }));
    expect([edit.statusCode, edit.json()]).toEqual([409, { msg: ASESOR_MSG.identificationTaken(first.ASE_IDENTIFICACION) }]);
    // Its own identification is no conflict.
    expect((await call('PUT', `/${first.ASE_CODIGO}`, body({ ASE_IDENTIFICACION: first.ASE_IDENTIFICACION }))).statusCode).toBe(200);
  });

  it('edita: guarda, y la auditoría tiene solo los campos que cambiaron; desactivar y activar se registran como tales', async () => {
    const created = await create({ ASE_NOMBRE: 'Carla Ruiz' });
    const res = await call('PUT', `/${created.ASE_CODIGO}`, {
      ...created,
      ASE_NOMBRE: 'Carla Ruiz Ortega',
      ASE_TELEFONO: '022345678',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...created, ASE_NOMBRE: 'Carla Ruiz Ortega', ASE_TELEFONO: '022345678' });
    const [edit] = await auditOf(created.ASE_CODIGO);
    expect(edit).toMatchObject({
      AUD_ACCION: 'edicion',
      AUD_ANTES: { ASE_NOMBRE: 'Carla Ruiz', ASE_TELEFONO: '0991234567' },
      AUD_DESPUES: { ASE_NOMBRE: 'Carla Ruiz Ortega', ASE_TELEFONO: '022345678' },
    });
    const off = await call('PUT', `/${created.ASE_CODIGO}`, { ...res.json(), ASE_ACTIVO: false });
    expect(off.json().ASE_ACTIVO).toBe(false);
    const on = await call('PUT', `/${created.ASE_CODIGO}`, { ...res.json(), ASE_ACTIVO: true });
    expect(on.json().ASE_ACTIVO).toBe(true);
    const entries = await auditOf(created.ASE_CODIGO);
    expect(entries.slice(0, 2).map((e) => [e.AUD_ACCION, e.AUD_ANTES, e.AUD_DESPUES])).toEqual([
      ['activacion', { ASE_ACTIVO: false }, { ASE_ACTIVO: true }],
      ['desactivacion', { ASE_ACTIVO: true }, { ASE_ACTIVO: false }],
    ]);
    // Nothing changed: nothing logged.
    const count = entries.length;
    expect((await call('PUT', `/${created.ASE_CODIGO}`, on.json())).statusCode).toBe(200);
    expect(await auditOf(created.ASE_CODIGO)).toHaveLength(count);
  });

  it('un código que no existe es 404 al leer, editar y eliminar', async () => {
    for (const [method, payload] of [['GET'], ['PUT', body()], ['DELETE']] as const) {
      const res = await call(method, '/999999', payload);
      expect([method, res.statusCode, res.json()]).toEqual([method, 404, { msg: MSG.notFound }]);
    }
  });

  it('lista (todos) con filtros: texto sin tildes ni mayúsculas, identificación, tipo y estado', async () => {
    const tag = `Zúñiga${Math.random().toString(36).slice(2, 6)}`;
    const sales = await create({ ASE_NOMBRE: `Inés ${tag}`, ASE_TIPO: 'VENTAS' });
    const books = await create({ ASE_NOMBRE: `Óscar ${tag}`, ASE_TIPO: 'CONTABLE', ASE_ACTIVO: false });
    const word = tag.toUpperCase().replace('Ú', 'U');
    expect((await list({ todos: true, q: word })).map((a) => a.ASE_CODIGO)).toEqual([sales.ASE_CODIGO, books.ASE_CODIGO]);
    expect((await list({ todos: true, q: `ines ${tag.toLowerCase()}` })).map((a) => a.ASE_CODIGO)).toEqual([sales.ASE_CODIGO]);
    expect((await list({ todos: true, q: sales.ASE_IDENTIFICACION.slice(0, 9) })).map((a) => a.ASE_CODIGO)).toContain(sales.ASE_CODIGO);
    expect((await list({ todos: true, q: tag, ASE_TIPO: 'CONTABLE' })).map((a) => a.ASE_CODIGO)).toEqual([books.ASE_CODIGO]);
    expect((await list({ q: tag, ASE_ACTIVO: false })).map((a) => a.ASE_CODIGO)).toEqual([books.ASE_CODIGO]);
    // Without todos or ASE_ACTIVO: the active ones, as the ticket desk's picker reads them.
    expect((await list({ q: tag })).map((a) => a.ASE_CODIGO)).toEqual([sales.ASE_CODIGO]);
    // By id (a reference): inactive too.
    expect((await list({ id: [books.ASE_CODIGO] })).map((a) => a.ASE_CODIGO)).toEqual([books.ASE_CODIGO]);
    const sorted = await call(
      'GET',
      `?filter=${encodeURIComponent(JSON.stringify({ todos: true, q: tag }))}&sort=["ASE_TIPO","ASC"]&range=[0,0]`,
    );
    expect(sorted.headers['content-range']).toBe('asesores 0-0/2');
    expect(sorted.json().map((a: Asesor) => a.ASE_TIPO)).toEqual(['CONTABLE']);
    const bad = await call('GET', `?filter=${encodeURIComponent(JSON.stringify({ ASE_TIPO: 'GERENTE' }))}`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { msg: 'El filtro ASE_TIPO no es válido' }]);
    // POST /asesor/nombre: the same search, active advisers only.
    const found = await call('POST', '/nombre', { filtro: `ÍNES ${tag.toLowerCase()}` });
    expect(found.json().map((a: Asesor) => a.ASE_CODIGO)).toEqual([sales.ASE_CODIGO]);
  });

  it('eliminar: sin tickets se elimina; con tickets asignados se desactiva y la respuesta lo dice', async () => {
    const free = await create({ ASE_NOMBRE: 'Libre Sin Tickets' });
    const gone = await call('DELETE', `/${free.ASE_CODIGO}`);
    expect([gone.statusCode, gone.json()]).toEqual([
      200,
      { ASE_CODIGO: free.ASE_CODIGO, accion: 'eliminado', msg: ASESOR_MSG.deleted('Libre Sin Tickets') },
    ]);
    expect((await call('GET', `/${free.ASE_CODIGO}`)).statusCode).toBe(404);
    const [deleted] = await auditOf(free.ASE_CODIGO);
    expect(deleted).toMatchObject({
      AUD_ACCION: 'eliminacion',
      AUD_DESPUES: null,
      AUD_ANTES: expect.objectContaining({ ASE_NOMBRE: 'Libre Sin Tickets' }),
    });

    const busy = await create({ ASE_NOMBRE: 'Con Tickets' });
    const ticket = await createTicket(t);
    await t.db.update(soporte).set({ ASE_CODIGO: busy.ASE_CODIGO }).where(eq(soporte.SPT_ID, ticket.SPT_ID));
    const kept = await call('DELETE', `/${busy.ASE_CODIGO}`);
    expect([kept.statusCode, kept.json()]).toEqual([
      200,
      { ASE_CODIGO: busy.ASE_CODIGO, accion: 'desactivado', msg: ASESOR_MSG.deactivatedInstead('Con Tickets', 1) },
    ]);
    expect((await call('GET', `/${busy.ASE_CODIGO}`)).json()).toMatchObject({ ASE_ACTIVO: false, tickets: 1 });
    expect((await auditOf(busy.ASE_CODIGO))[0]).toMatchObject({ AUD_ACCION: 'desactivacion', AUD_DESPUES: { ASE_ACTIVO: false } });
    const again = await call('DELETE', `/${busy.ASE_CODIGO}`);
    expect(again.json()).toEqual({ ASE_CODIGO: busy.ASE_CODIGO, accion: 'desactivado', msg: ASESOR_MSG.alreadyInactive('Con Tickets', 1) });
  });

  it('sin token, GET /asesor solo expone código y nombre de los activos; nunca correo, teléfono ni identificación', async () => {
    const hidden = await create({ ASE_NOMBRE: 'Público Visible', ASE_CORREO: 'secreto@amelia.ec', ASE_TELEFONO: '0987654321' });
    await create({ ASE_NOMBRE: 'Público Inactivo', ASE_ACTIVO: false });
    const res = await call('GET', '', undefined, null);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['ASE_CODIGO', 'ASE_NOMBRE']);
    expect(rows.map((r) => r.ASE_NOMBRE)).toContain('Público Visible');
    expect(rows.map((r) => r.ASE_NOMBRE)).not.toContain('Público Inactivo');
    expect(res.body).not.toContain('secreto@amelia.ec');
    expect(res.body).not.toContain(hidden.ASE_IDENTIFICACION);
    expect(res.body).not.toContain('0987654321');
    expect(res.headers['content-range']).toBe(`asesores 0-${rows.length - 1}/${rows.length}`);
    // No text search, nor the filters that reach inactive advisers, for an anonymous caller.
    for (const filter of [
      { q: hidden.ASE_IDENTIFICACION.slice(0, 4) },
      { todos: true },
      { ASE_ACTIVO: false },
      { id: [hidden.ASE_CODIGO] },
    ]) {
      const refused = await call('GET', `?filter=${encodeURIComponent(JSON.stringify(filter))}`, undefined, null);
      expect(refused.statusCode, JSON.stringify(filter)).toBe(400);
    }
    const sales = await call('GET', `?filter=${encodeURIComponent(JSON.stringify({ ASE_TIPO: 'VENTAS' }))}`, undefined, null);
    expect(sales.json().map((r: Record<string, unknown>) => r.ASE_NOMBRE)).toContain('Público Visible');
    // Any other token is still checked: a company's is refused, a bad one is a 401.
    expect((await call('GET', '', undefined, company)).statusCode).toBe(403);
    expect((await call('GET', '', undefined, 'no-es-un-token')).statusCode).toBe(401);
  });

  it('solo los administradores escriben: distribuidor y empresa reciben 403, sin token 401', async () => {
    const target = await create();
    for (const token of [distributor, company]) {
      for (const [method, url, payload] of [
        ['POST', '', body()],
        ['PUT', `/${target.ASE_CODIGO}`, body()],
        ['DELETE', `/${target.ASE_CODIGO}`],
        ['GET', `/${target.ASE_CODIGO}`],
      ] as const) {
        const res = await call(method, url, payload, token);
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      }
    }
    expect((await call('POST', '', body(), null)).statusCode).toBe(401);
    expect((await call('DELETE', `/${target.ASE_CODIGO}`, undefined, null)).statusCode).toBe(401);
    // The distributor still reads the list (the ticket desk) with every field.
    const read = await call('GET', '', undefined, distributor);
    expect(read.statusCode).toBe(200);
    expect(read.json()[0]).toHaveProperty('ASE_IDENTIFICACION');
    expect((await call('GET', `/${target.ASE_CODIGO}`)).json().ASE_ACTIVO).toBe(true);
  });
});
