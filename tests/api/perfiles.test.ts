import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { hashPassword } from '../../server/infra/passwords';
import { administradores, auditoria, menusRoles } from '../../server/infra/db/schema';
import { PERFIL_MSG } from '../../server/modules/perfiles/contract';
import { MENU_MSG } from '../../server/modules/menus/contract';

type Perfil = { PRF_CODIGO: number; PRF_NOMBRE: string; PRF_ACTIVO: boolean; fijo: boolean; administradores: number; menus: number };
type Asignado = { MEN_CODIGO: number; MEN_NOMBRE: string; MEN_RUTA: string; MEN_PERMISO: string; MEN_ACTIVO: boolean; asignado: boolean };

describe.each(testDatabases)('perfiles y sus menús (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let distributor: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const [a, d] = await Promise.all([loginAdmin(t), loginAdmin(t, DEMO.distribuidor)]);
    [admin, adminId, distributor] = [a.token, a.ADM_CODIGO, d.token];
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: { 'x-token': token } });
  const list = (query: Record<string, unknown> = {}) =>
    call('GET', `/empresas/perfiles?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`);
  const checklist = async (id: number) => (await call('GET', `/menus/menuRolesAdmin/${id}`)).json() as Asignado[];
  const audits = (registro: number) =>
    t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.AUD_RECURSO, 'perfiles'), eq(auditoria.AUD_REGISTRO, String(registro))))
      .orderBy(auditoria.AUD_ID);

  it('lista los perfiles base con sus cuentas, y filtra por q y PRF_ACTIVO', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Perfil[];
    expect(res.headers['content-range']).toBe(`perfiles 0-${rows.length - 1}/${rows.length}`);
    expect(rows.slice(0, 4).map((r) => [r.PRF_CODIGO, r.PRF_NOMBRE, r.fijo])).toEqual([
      [1, 'Administrador', true],
      [2, 'Distribuidor', true],
      [3, 'Asesor de soporte', false],
      [4, 'Ventas', false],
    ]);
    expect(rows[0].administradores).toBeGreaterThanOrEqual(1);
    expect(rows[0].menus).toBeGreaterThanOrEqual(14);
    expect(rows[3].menus).toBe(3);
    expect(((await list({ filter: { q: 'vent' } })).json() as Perfil[]).map((r) => r.PRF_CODIGO)).toEqual([4]);
    expect(((await list({ filter: { q: '2' } })).json() as Perfil[]).map((r) => r.PRF_CODIGO)).toEqual([2]);
    expect(((await list({ filter: { PRF_ACTIVO: false } })).json() as Perfil[]).every((r) => !r.PRF_ACTIVO)).toBe(true);
    const one = await call('GET', '/empresas/perfiles/4');
    expect(one.json()).toEqual(rows[3]);
    const missing = await call('GET', '/empresas/perfiles/999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: PERFIL_MSG.notFound });
  });

  it('solo los administradores: distribuidor 403, empresa 403, sin token 401', async () => {
    expect((await call('GET', '/empresas/perfiles', undefined, distributor)).statusCode).toBe(403);
    expect((await call('GET', '/menus/menuRolesAdmin/1', undefined, distributor)).statusCode).toBe(403);
    const company = await loginCompany(t);
    const res = await call('POST', '/empresas/perfiles', { PRF_NOMBRE: 'X' }, company.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: MSG.adminOnly });
    expect((await t.app.inject({ method: 'GET', url: `${API}/empresas/perfiles` })).statusCode).toBe(401);
  });

  it('crea con el siguiente código libre o con el indicado; el nombre es único', async () => {
    const created = await call('POST', '/empresas/perfiles', { PRF_NOMBRE: '  Soporte nivel 2 ' });
    expect(created.statusCode).toBe(201);
    const row = created.json() as Perfil;
    expect(row).toEqual({ PRF_CODIGO: 5, PRF_NOMBRE: 'Soporte nivel 2', PRF_ACTIVO: true, fijo: false, administradores: 0, menus: 0 });
    const given = await call('POST', '/empresas/perfiles', { PRF_CODIGO: 20, PRF_NOMBRE: 'Contabilidad' });
    expect(given.json()).toMatchObject({ PRF_CODIGO: 20 });
    expect((await call('POST', '/empresas/perfiles', { PRF_NOMBRE: 'Cobranzas' })).json()).toMatchObject({ PRF_CODIGO: 21 });
    const again = await call('POST', '/empresas/perfiles', { PRF_CODIGO: 20, PRF_NOMBRE: 'Otro' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: PERFIL_MSG.codeTaken(20) });
    const fixed = await call('POST', '/empresas/perfiles', { PRF_CODIGO: 1, PRF_NOMBRE: 'Otro' });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().msg).toMatch(/desde 3/);
    const name = await call('POST', '/empresas/perfiles', { PRF_NOMBRE: 'SOPORTE NIVEL 2' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ msg: PERFIL_MSG.nameTaken('SOPORTE NIVEL 2') });
    const blank = await call('POST', '/empresas/perfiles', { PRF_NOMBRE: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ msg: 'Ingrese el nombre del perfil (hasta 60 caracteres)' });
    const [audit] = await audits(5);
    expect(audit).toMatchObject({ AUD_ACCION: 'creacion', AUD_USUARIO: 'admin', ADM_CODIGO: adminId });
    expect(audit.AUD_DESPUES).toEqual({ PRF_CODIGO: 5, PRF_NOMBRE: 'Soporte nivel 2', PRF_ACTIVO: true });
  });

  it('edita nombre y estado, auditando solo lo que cambió; el código no cambia', async () => {
    const id = (await call('POST', '/empresas/perfiles', { PRF_NOMBRE: 'Temporal' })).json().PRF_CODIGO as number;
    const renamed = await call('PUT', `/empresas/perfiles/${id}`, { PRF_CODIGO: id, PRF_NOMBRE: 'Temporales', PRF_ACTIVO: true });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ PRF_NOMBRE: 'Temporales', PRF_ACTIVO: true });
    const off = await call('PUT', `/empresas/perfiles/${id}`, { PRF_NOMBRE: 'Temporales', PRF_ACTIVO: false });
    expect(off.json()).toMatchObject({ PRF_ACTIVO: false });
    const recode = await call('PUT', `/empresas/perfiles/${id}`, { PRF_CODIGO: id + 100, PRF_NOMBRE: 'Temporales' });
    expect(recode.statusCode).toBe(409);
    expect(recode.json()).toEqual({ msg: PERFIL_MSG.recode });
    const taken = await call('PUT', `/empresas/perfiles/${id}`, { PRF_NOMBRE: 'ventas' });
    expect(taken.statusCode).toBe(409);
    expect((await call('PUT', '/empresas/perfiles/999', { PRF_NOMBRE: 'X' })).statusCode).toBe(404);
    const log = await audits(id);
    expect(log.map((a) => [a.AUD_ACCION, a.AUD_ANTES, a.AUD_DESPUES])).toEqual([
      ['creacion', null, { PRF_CODIGO: id, PRF_NOMBRE: 'Temporal', PRF_ACTIVO: true }],
      ['edicion', { PRF_NOMBRE: 'Temporal' }, { PRF_NOMBRE: 'Temporales' }],
      ['desactivacion', { PRF_ACTIVO: true }, { PRF_ACTIVO: false }],
    ]);
  });

  it('los perfiles 1 y 2 son fijos: no se eliminan, desactivan ni recodifican (pero se renombran)', async () => {
    const del = await call('DELETE', '/empresas/perfiles/1');
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ msg: PERFIL_MSG.fixedDelete('Administrador') });
    const off = await call('PUT', '/empresas/perfiles/2', { PRF_NOMBRE: 'Distribuidor', PRF_ACTIVO: false });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ msg: PERFIL_MSG.fixedDeactivate('Distribuidor') });
    const recode = await call('PUT', '/empresas/perfiles/1', { PRF_CODIGO: 9, PRF_NOMBRE: 'Administrador' });
    expect(recode.json()).toEqual({ msg: PERFIL_MSG.fixedRecode('Administrador') });
    const renamed = await call('PUT', '/empresas/perfiles/2', { PRF_NOMBRE: 'Distribuidores' });
    expect(renamed.json()).toMatchObject({ PRF_CODIGO: 2, PRF_NOMBRE: 'Distribuidores', PRF_ACTIVO: true, fijo: true });
    await call('PUT', '/empresas/perfiles/2', { PRF_NOMBRE: 'Distribuidor' });
  });

  it('elimina un perfil sin administradores (con sus menús); con administradores responde 409 y sugiere desactivarlo', async () => {
    const id = (await call('POST', '/empresas/perfiles', { PRF_NOMBRE: 'Para borrar' })).json().PRF_CODIGO as number;
    await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: id, menus: [1, 4] });
    const res = await call('DELETE', `/empresas/perfiles/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ PRF_CODIGO: id, msg: PERFIL_MSG.deleted('Para borrar') });
    expect(await t.db.select().from(menusRoles).where(eq(menusRoles.PRF_CODIGO, id))).toEqual([]);
    expect((await audits(id)).at(-1)).toMatchObject({
      AUD_ACCION: 'eliminacion',
      AUD_ANTES: { PRF_NOMBRE: 'Para borrar', PRF_ACTIVO: true, menus: expect.arrayContaining(['Inicio']) },
    });
    expect((await call('DELETE', `/empresas/perfiles/${id}`)).statusCode).toBe(404);
  });

  it('un perfil con administradores no se elimina', async () => {
    const id = (await call('POST', '/empresas/perfiles', { PRF_NOMBRE: 'Con gente' })).json().PRF_CODIGO as number;
    await t.db.insert(administradores).values({
      ADM_USUARIO: `gente.${kind}`,
      ADM_CLAVE: await hashPassword('Clave2026!x'),
      ADM_NOMBRE: 'Gente',
      PRF_CODIGO: id,
    });
    const res = await call('DELETE', `/empresas/perfiles/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: PERFIL_MSG.inUse('Con gente', 1) });
    expect(res.json().msg).toMatch(/desactívelo/);
  });

  describe('menuRolesAdmin', () => {
    it('GET devuelve todas las entradas del área de administración, marcadas según el perfil', async () => {
      const rows = await checklist(4);
      expect(rows.map((r) => r.MEN_RUTA)).toEqual(expect.arrayContaining(['', 'empresas', 'planesEmpresa', 'perfiles', 'menus']));
      expect(rows.filter((r) => r.asignado).map((r) => r.MEN_CODIGO)).toEqual([1, 6, 8]);
      expect(rows.every((r) => r.MEN_CODIGO < 100)).toBe(true);
      expect(rows[0]).toMatchObject({ MEN_CODIGO: 1, MEN_RUTA: '', MEN_PERMISO: '', MEN_ACTIVO: true, asignado: true });
      expect((await call('GET', '/menus/menuRolesAdmin/999')).json()).toEqual({ msg: PERFIL_MSG.notFound });
    });

    it('POST reemplaza el conjunto, lo audita con antes y después, y el menuAdmin de ese perfil lo refleja', async () => {
      const id = (await call('POST', '/empresas/perfiles', { PRF_NOMBRE: 'Soporte' })).json().PRF_CODIGO as number;
      const res = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: id, menus: [1, 4] });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Asignado[]).filter((r) => r.asignado).map((r) => r.MEN_NOMBRE)).toEqual(['Inicio', 'Tickets de soporte']);
      const again = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: id, menus: [4] });
      expect((again.json() as Asignado[]).filter((r) => r.asignado).map((r) => r.MEN_CODIGO)).toEqual([4]);
      // Saving the same set again records nothing.
      await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: id, menus: [4] });
      const log = (await audits(id)).filter((a) => a.AUD_ACCION === 'menus');
      expect(log.map((a) => [a.AUD_ANTES, a.AUD_DESPUES])).toEqual([
        [{ menus: [] }, { menus: ['Inicio', 'Tickets de soporte'] }],
        [{ menus: ['Inicio', 'Tickets de soporte'] }, { menus: ['Tickets de soporte'] }],
      ]);

      // Someone with that profile sees exactly that menu; nothing once the profile is inactive.
      await t.db.insert(administradores).values({
        ADM_USUARIO: `soporte.${kind}`,
        ADM_CLAVE: await hashPassword('Soporte2026!'),
        ADM_NOMBRE: 'Soporte',
        PRF_CODIGO: id,
      });
      const person = await loginAdmin(t, { usuario: `soporte.${kind}`, clave: 'Soporte2026!' });
      const menu = () => call('POST', '/menus/menuAdmin', { id: person.ADM_CODIGO }, person.token);
      expect(((await menu()).json() as Asignado[]).map((m) => m.MEN_RUTA)).toEqual(['soporte']);
      await call('PUT', `/empresas/perfiles/${id}`, { PRF_NOMBRE: 'Soporte', PRF_ACTIVO: false });
      const none = await menu();
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
    });

    it('rechaza menús que no son del área de administración, y perfiles que no existen', async () => {
      const company = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: 4, menus: [1, 102] });
      expect(company.statusCode).toBe(400);
      expect(company.json()).toEqual({ msg: MENU_MSG.roleMenuInvalid(102) });
      const missing = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: 999, menus: [1] });
      expect(missing.statusCode).toBe(404);
      const bad = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: 4 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ msg: 'El campo menus es obligatorio' });
    });

    it('el perfil Administrador no puede perder Perfiles ni Menús', async () => {
      const current = (await checklist(1)).filter((r) => r.asignado).map((r) => r.MEN_CODIGO);
      const without = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: 1, menus: current.filter((c) => c !== 11) });
      expect(without.statusCode).toBe(409);
      expect(without.json()).toEqual({ msg: MENU_MSG.keepAccess('«Perfiles»') });
      const neither = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: 1, menus: [1] });
      expect(neither.json()).toEqual({ msg: MENU_MSG.keepAccess('«Perfiles» y «Menús»') });
      expect((await checklist(1)).filter((r) => r.asignado).map((r) => r.MEN_CODIGO)).toEqual(current);
      // Removing something else is fine (and putting it back).
      const lighter = await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: 1, menus: current.filter((c) => c !== 14) });
      expect(lighter.statusCode).toBe(200);
      expect((await call('POST', '/menus/menuRolesAdmin', { PRF_CODIGO: 1, menus: current })).statusCode).toBe(200);
    });
  });
});
