import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { auditoria } from '../../server/infra/db/schema';

type Fila = {
  AUD_ID: number;
  AUD_FECHA: string;
  ADM_CODIGO: number | null;
  AUD_USUARIO: string;
  ADM_NOMBRE: string | null;
  AUD_RECURSO: string;
  AUD_REGISTRO: string;
  AUD_ACCION: string;
  CAMPOS: string[];
};

describe.each(testDatabases)('auditoria (%s)', (kind) => {
  let t: TestApp;
  let admin: { token: string; ADM_CODIGO: number };
  let other: { token: string; ADM_CODIGO: number };
  /** The administrator created for the suite, and the changes made to it: creation, edit, deactivation. */
  let target: number;
  const clave = 'ClaveAuditada2026';
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await loginAdmin(t);
    const as = { 'x-token': admin.token };
    const create = await t.app.inject({
      method: 'POST',
      url: `${API}/administradores`,
      headers: as,
      payload: { ADM_USUARIO: 'auditor.uno', ADM_NOMBRE: 'Auditor Uno', ADM_CORREO: 'auditor@amelia.ec', PRF_CODIGO: 1, clave },
    });
    expect(create.statusCode, create.body).toBe(201);
    target = create.json().ADM_CODIGO;
    other = await loginAdmin(t, { usuario: 'auditor.uno', clave });
    // A change made by the second administrator, then two by the first.
    const put = (payload: object, token: string, id = target) =>
      t.app.inject({ method: 'PUT', url: `${API}/administradores/${id}`, headers: { 'x-token': token }, payload });
    expect((await put({ ADM_NOMBRE: 'Auditor Renombrado' }, other.token)).statusCode).toBe(200);
    expect((await put({ ADM_CORREO: 'auditor.nuevo@amelia.ec', DRB_CONTADOR: 1 }, admin.token)).statusCode).toBe(200);
    expect((await put({ ADM_ACTIVO: false }, admin.token)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const list = (filter: object = {}, token = admin.token, extra = '') =>
    t.app.inject({
      method: 'GET',
      url: `${API}/auditoria?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`,
      headers: { 'x-token': token },
    });
  const rows = async (filter: object = {}) => {
    const res = await list(filter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Fila[];
  };

  it('lista los cambios, los más recientes primero, con quién, qué registro y qué campos', async () => {
    const res = await list({ AUD_RECURSO: 'administradores', AUD_REGISTRO: String(target) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('auditoria 0-3/4');
    const found = res.json() as Fila[];
    // jsonb keeps keys in its own order: the fields are compared as sets.
    expect(found.map((r) => [r.AUD_ACCION, r.AUD_USUARIO, [...r.CAMPOS].sort()])).toEqual([
      ['desactivacion', DEMO.admin.usuario, ['ADM_ACTIVO']],
      ['edicion', DEMO.admin.usuario, ['ADM_CORREO', 'DRB_CONTADOR']],
      ['edicion', 'auditor.uno', ['ADM_NOMBRE']],
      ['creacion', DEMO.admin.usuario, ['ADM_ACTIVO', 'ADM_CORREO', 'ADM_NOMBRE', 'ADM_USUARIO', 'DRB_CONTADOR', 'PRF_CODIGO']],
    ]);
    expect(found[0]).toEqual({
      AUD_ID: expect.any(Number),
      AUD_FECHA: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      ADM_CODIGO: admin.ADM_CODIGO,
      AUD_USUARIO: DEMO.admin.usuario,
      ADM_NOMBRE: 'María Fernanda Andrade',
      AUD_RECURSO: 'administradores',
      AUD_REGISTRO: String(target),
      AUD_ACCION: 'desactivacion',
      CAMPOS: ['ADM_ACTIVO'],
    });
    // Newest first: descending dates, and numbers within a date.
    const ids = found.map((r) => r.AUD_ID);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(res.body).not.toContain(clave);
    expect(res.body).not.toMatch(/argon2/);
  });

  it('filtra por persona, recurso, acción y registro', async () => {
    const byOther = await rows({ ADM_CODIGO: other.ADM_CODIGO });
    expect(byOther.map((r) => [r.AUD_ACCION, r.CAMPOS])).toEqual([['edicion', ['ADM_NOMBRE']]]);
    expect((await rows({ AUD_ACCION: 'desactivacion', AUD_RECURSO: 'administradores' })).map((r) => r.AUD_REGISTRO)).toEqual([
      String(target),
    ]);
    expect(await rows({ AUD_RECURSO: 'bancos-que-no-existen' })).toEqual([]);
    expect(await rows({ AUD_REGISTRO: '999999' })).toEqual([]);
    const bad = await list({ ADM_CODIGO: 'yo' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { msg: 'El filtro ADM_CODIGO no es válido' }]);
    const unknown = await list({ AUD_ANTES: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/^El filtro AUD_ANTES no existe/);
  });

  it('desde y hasta son días de Ecuador, ambos incluidos', async () => {
    const hoy = hoyEcuador();
    expect((await rows({ desde: hoy, hasta: hoy, AUD_REGISTRO: String(target) })).length).toBe(4);
    expect(await rows({ desde: sumarDias(hoy, 1), AUD_REGISTRO: String(target) })).toEqual([]);
    expect(await rows({ hasta: sumarDias(hoy, -1), AUD_REGISTRO: String(target) })).toEqual([]);
    // 23:30 of 28 February in Ecuador is already 1 March in UTC: it belongs to the 28th.
    await t.db.insert(auditoria).values({
      AUD_FECHA: new Date('2026-03-01T04:30:00Z'),
      ADM_CODIGO: admin.ADM_CODIGO,
      AUD_USUARIO: DEMO.admin.usuario,
      AUD_RECURSO: 'bancos',
      AUD_REGISTRO: 'frontera',
      AUD_ACCION: 'edicion',
    });
    expect((await rows({ desde: '2026-02-28', hasta: '2026-02-28', AUD_REGISTRO: 'frontera' })).length).toBe(1);
    expect(await rows({ desde: '2026-03-01', hasta: '2026-03-01', AUD_REGISTRO: 'frontera' })).toEqual([]);
    for (const [key, value] of [
      ['desde', '2026-02-30'],
      ['hasta', 'ayer'],
    ]) {
      const res = await list({ [key]: value });
      expect([res.statusCode, res.json()]).toEqual([400, { msg: `El filtro ${key} debe ser una fecha AAAA-MM-DD` }]);
    }
  });

  it('pagina con range y ordena por otras columnas', async () => {
    const first = await list({ AUD_REGISTRO: String(target) }, admin.token, `&range=${encodeURIComponent('[0,1]')}`);
    expect(first.headers['content-range']).toBe('auditoria 0-1/4');
    const second = await list({ AUD_REGISTRO: String(target) }, admin.token, `&range=${encodeURIComponent('[2,3]')}`);
    expect([...first.json(), ...second.json()].map((r: Fila) => r.AUD_ID)).toEqual(
      (await rows({ AUD_REGISTRO: String(target) })).map((r) => r.AUD_ID),
    );
    const byUser = await list({ AUD_REGISTRO: String(target) }, admin.token, `&sort=${encodeURIComponent('["AUD_USUARIO","ASC"]')}`);
    expect(byUser.json()[0].AUD_USUARIO).toBe(DEMO.admin.usuario);
    const bad = await list({}, admin.token, `&sort=${encodeURIComponent('["AUD_ANTES","ASC"]')}`);
    expect(bad.statusCode).toBe(400);
  });

  it('GET {id} trae los valores antes y después de los campos que cambiaron; otro id responde 404', async () => {
    const [edit] = await rows({ AUD_REGISTRO: String(target), AUD_ACCION: 'edicion', ADM_CODIGO: admin.ADM_CODIGO });
    const res = await t.app.inject({ method: 'GET', url: `${API}/auditoria/${edit.AUD_ID}`, headers: { 'x-token': admin.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...edit,
      AUD_ANTES: { ADM_CORREO: 'auditor@amelia.ec', DRB_CONTADOR: 0 },
      AUD_DESPUES: { ADM_CORREO: 'auditor.nuevo@amelia.ec', DRB_CONTADOR: 1 },
    });
    const missing = await t.app.inject({ method: 'GET', url: `${API}/auditoria/999999`, headers: { 'x-token': admin.token } });
    expect([missing.statusCode, missing.json()]).toEqual([404, { msg: MSG.notFound }]);
  });

  it('solo administradores: sin token 401, empresa y distribuidor 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/auditoria` })).statusCode).toBe(401);
    const company = await loginCompany(t);
    const distributor = await loginAdmin(t, DEMO.distribuidor);
    for (const token of [company.token, distributor.token]) {
      expect((await list({}, token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `${API}/auditoria/1`, headers: { 'x-token': token } })).statusCode).toBe(403);
    }
  });
});
