import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany, newRuc, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { administradores, empresas, establecimientos, pagos, planesEmpresa, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { EMPRESA_MSG } from '../../server/modules/empresas/contract';
import { MSG } from '../../domain/messages';

type Ficha = Record<string, unknown> & {
  EMP_CODIGO: number;
  EMP_VERSION: number;
  establecimientos: Array<
    Record<string, unknown> & { EST_CODIGO: number; puntos: Array<Record<string, unknown> & { PEM_CODIGO: number }> }
  >;
  menus: number[];
};

/** A RUC of a private company that passes every check (module 11), so that no warning is expected. */
function validRuc(): string {
  for (;;) {
    const body = `179${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const sum = [4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(body[i]), 0);
    const check = sum % 11 === 0 ? 0 : 11 - (sum % 11);
    if (check < 10) return `${body}${check}001`;
  }
}

/** The editable part of a company page, as the web sends it back. */
function editable(f: Ficha) {
  return {
    EMP_RUC: f.EMP_RUC,
    EMP_NOMBREC: f.EMP_NOMBREC,
    EMP_NOMBRE: f.EMP_NOMBRE,
    EMP_CORREO: f.EMP_CORREO,
    EMP_TELEFONO: f.EMP_TELEFONO,
    EMP_CELULAR: f.EMP_CELULAR,
    EMP_DIRECCION: f.EMP_DIRECCION,
    EMP_CONTABILIDAD: f.EMP_CONTABILIDAD,
    EMP_CONTRIBUYENTE_ESPECIAL: f.EMP_CONTRIBUYENTE_ESPECIAL,
    EMP_AGENTE_RETENCION: f.EMP_AGENTE_RETENCION,
    EMP_RIMPE: f.EMP_RIMPE,
    EMP_AMBIENTE: f.EMP_AMBIENTE,
    EMP_ACTIVO: f.EMP_ACTIVO,
    establecimientos: f.establecimientos,
    EMP_VERSION: f.EMP_VERSION,
  };
}

describe.each(testDatabases)('ficha de empresa (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  let otherDistributor: string;
  let company: string;
  let andina: number;
  let tornillo: number;
  let costa: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.db.insert(administradores).values({
      ADM_USUARIO: 'otrodistribuidor',
      ADM_CLAVE: await hashPassword('OtroDist2026!'),
      ADM_NOMBRE: 'Otro Distribuidor',
      PRF_CODIGO: 2,
      DRB_CONTADOR: 1,
    });
    [admin, distributor, otherDistributor, company] = await Promise.all([
      loginAdmin(t).then((s) => s.token),
      loginAdmin(t, DEMO.distribuidor).then((s) => s.token),
      loginAdmin(t, { usuario: 'otrodistribuidor', clave: 'OtroDist2026!' }).then((s) => s.token),
      loginCompany(t).then((s) => s.token),
    ]);
    const id = async (ruc: string) => (await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, ruc)))[0].EMP_CODIGO;
    [andina, tornillo, costa] = await Promise.all([id(COMPANIES.andina.ruc), id(COMPANIES.tornillo.ruc), id(COMPANIES.costa.ruc)]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${path}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const read = async (id: number, token = admin) => {
    const res = await call('GET', `/empresas/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Ficha;
  };
  const history = async (id: number) => (await call('GET', `/empresas/historial/${id}`, admin)).json() as Array<Record<string, unknown>>;
  /** A fresh company of the given distributor (null: none), created by hand through the API. */
  const createCompany = async (overrides: Record<string, unknown> = {}, token = admin) => {
    const ruc = validRuc();
    const res = await call('POST', '/empresas', token, {
      EMP_RUC: ruc,
      EMP_NOMBREC: `Prueba ${ruc.slice(3, 10)}`,
      EMP_NOMBRE: `PRUEBA ${ruc.slice(3, 10)} S.A.`,
      EMP_CORREO: `c${ruc.slice(3, 10)}@prueba.ec`,
      EMP_TELEFONO: null,
      EMP_CELULAR: null,
      EMP_DIRECCION: 'Av. Principal 123',
      EMP_CONTABILIDAD: false,
      EMP_CONTRIBUYENTE_ESPECIAL: null,
      EMP_AGENTE_RETENCION: null,
      EMP_RIMPE: null,
      EMP_AMBIENTE: 1,
      EMP_ACTIVO: true,
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Ficha & { advertencias: string[] };
  };

  describe('GET /empresas/{id} y /empresas/empresas/{id}', () => {
    it('la ficha trae datos, establecimientos con puntos, menús, distribuidor, plan, firma y cantidades', async () => {
      const f = await read(andina);
      expect(f).toMatchObject({
        EMP_CODIGO: andina,
        EMP_RUC: COMPANIES.andina.ruc,
        EMP_NOMBREC: 'Comercial Andina',
        EMP_COMPROBACION: 'VERIFICADA',
        DISTRIBUIDOR_NOMBRE: 'Carlos Quishpe — Distribuciones Sierra',
        EMP_VERSION: expect.any(Number),
        menus: expect.arrayContaining([101, 102, 103]),
        plan: { PLAN_NOMBRE: 'Pyme' },
        usuarios: 2,
        pagos: 0,
        planEstado: 'vigente',
      });
      expect(f.establecimientos).toEqual([
        expect.objectContaining({ EST_NUMERO: '001', EST_NOMBRE: 'Matriz', puntos: [expect.objectContaining({ PEM_NUMERO: '001' })] }),
      ]);
      expect(f).not.toHaveProperty('EMP_BUSQUEDA');
      expect(f).not.toHaveProperty('EMP_FIRMA');
      const head = await call('GET', `/empresas/empresas/${tornillo}`, distributor);
      expect(head.statusCode).toBe(200);
      expect(head.json()).toMatchObject({ EMP_RUC: COMPANIES.tornillo.ruc, EMP_COMPROBACION: 'VERIFICADA', planEstado: 'vencido' });
    });

    it('id inexistente o inválido: 404 y 400', async () => {
      expect((await call('GET', '/empresas/99999', admin)).statusCode).toBe(404);
      expect((await call('GET', '/empresas/abc', admin)).statusCode).toBe(400);
    });
  });

  describe('alcance: otro distribuidor y token de empresa', () => {
    it('un distribuidor recibe 404 en cada ruta de una empresa que no es suya', async () => {
      const f = await read(andina);
      const routes: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, object?]> = [
        ['GET', `/empresas/${andina}`],
        ['GET', `/empresas/empresas/${andina}`],
        ['PUT', `/empresas/${andina}`, editable(f)],
        ['GET', `/menus/menuEmpresaAdmin/${andina}`],
        ['PUT', `/menus/menuEmpresaAdmin/${andina}`, { menus: [101] }],
        ['GET', `/empresas/comprobarEmpresa/${andina}`],
        ['PUT', `/empresas/comprobarEmpresaEstado/${andina}`, { estado: 'VERIFICADA' }],
        ['GET', `/empresas/historial/${andina}`],
        ['GET', `/empresas/accesos/${andina}`],
        ['GET', `/empresas/planesEmpresa/${andina}`],
        ['DELETE', `/empresas/${andina}`],
      ];
      for (const [method, path, body] of routes) {
        const res = await call(method, path, otherDistributor, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json()).toEqual({ msg: MSG.notFound });
      }
      // Costa has no distributor: the demo distributor does not see it either.
      expect((await call('GET', `/empresas/${costa}`, distributor)).statusCode).toBe(404);
      expect((await read(andina)).EMP_VERSION).toBe(f.EMP_VERSION);
    });

    it('un token de empresa recibe 403 y sin token 401', async () => {
      for (const [method, path] of [
        ['GET', `/empresas/${andina}`],
        ['PUT', `/empresas/${andina}`],
        ['POST', '/empresas'],
        ['DELETE', `/empresas/${andina}`],
        ['GET', `/menus/menuEmpresaAdmin/${andina}`],
        ['GET', `/empresas/comprobarEmpresa/${andina}`],
        ['PUT', `/empresas/comprobarEmpresaEstado/${andina}`],
        ['GET', `/empresas/historial/${andina}`],
      ] as const) {
        const res = await call(method, path, company, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ msg: MSG.adminOnly });
        expect((await t.app.inject({ method, url: `${API}${path}` })).statusCode).toBe(401);
      }
    });
  });

  describe('PUT /empresas/{EMP_CODIGO}', () => {
    it('guarda datos, establecimientos y menús en una transacción, sube la versión y deja historial solo de lo cambiado', async () => {
      const created = await createCompany();
      const id = created.EMP_CODIGO;
      const res = await call('PUT', `/empresas/${id}`, admin, {
        ...editable(created),
        EMP_NOMBREC: 'Nombre Nuevo',
        EMP_RIMPE: 'NEGOCIO_POPULAR',
        EMP_CONTRIBUYENTE_ESPECIAL: '12345',
        establecimientos: [
          {
            EST_NUMERO: '001',
            EST_NOMBRE: 'Matriz',
            EST_DIRECCION: 'Av. Principal 123',
            EST_ACTIVO: true,
            puntos: [
              { PEM_NUMERO: '001', PEM_NOMBRE: 'Caja 1', PEM_ACTIVO: true },
              { PEM_NUMERO: '002', PEM_NOMBRE: null, PEM_ACTIVO: true },
            ],
          },
        ],
        menus: [101, 103],
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json() as Ficha;
      expect(saved).toMatchObject({ EMP_NOMBREC: 'Nombre Nuevo', EMP_RIMPE: 'NEGOCIO_POPULAR', menus: [101, 103], advertencias: [] });
      expect(saved.EMP_VERSION).toBe(created.EMP_VERSION + 1);
      expect(saved.establecimientos[0].puntos.map((p) => p.PEM_NUMERO)).toEqual(['001', '002']);

      const entries = await history(id);
      expect(entries[0]).toMatchObject({ HIS_ACCION: 'menus', HIS_USUARIO: 'admin' });
      expect(entries[1]).toMatchObject({
        HIS_ACCION: 'datos',
        HIS_ANTES: { EMP_NOMBREC: created.EMP_NOMBREC, EMP_RIMPE: null, EMP_CONTRIBUYENTE_ESPECIAL: null, establecimientos: [] },
        HIS_DESPUES: { EMP_NOMBREC: 'Nombre Nuevo', EMP_RIMPE: 'NEGOCIO_POPULAR', EMP_CONTRIBUYENTE_ESPECIAL: '12345' },
      });
      expect(Object.keys(entries[1].HIS_DESPUES as object).sort()).toEqual(
        ['EMP_CONTRIBUYENTE_ESPECIAL', 'EMP_NOMBREC', 'EMP_RIMPE', 'establecimientos'].sort(),
      );

      // Renaming a point keeps the ids of the establishment and the point; a save with no change adds no history.
      const est = saved.establecimientos[0];
      const renamed = await call('PUT', `/empresas/${id}`, admin, {
        ...editable(saved),
        establecimientos: [{ ...est, puntos: [{ ...est.puntos[0], PEM_NOMBRE: 'Caja central' }] }],
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const after = renamed.json() as Ficha;
      expect(after.establecimientos[0].EST_CODIGO).toBe(est.EST_CODIGO);
      expect(after.establecimientos[0].puntos).toEqual([{ ...est.puntos[0], PEM_NOMBRE: 'Caja central' }]);
      const count = (await history(id)).length;
      const same = await call('PUT', `/empresas/${id}`, admin, editable(after));
      expect(same.json().EMP_VERSION).toBe(after.EMP_VERSION);
      expect(await history(id)).toHaveLength(count);
    });

    it('una versión vieja recibe 409 y no guarda nada (dos administradores)', async () => {
      const created = await createCompany();
      const id = created.EMP_CODIGO;
      const second = (await loginAdmin(t)).token;
      const first = await call('PUT', `/empresas/${id}`, admin, { ...editable(created), EMP_NOMBREC: 'Primero' });
      expect(first.statusCode).toBe(200);
      const stale = await call('PUT', `/empresas/${id}`, second, { ...editable(created), EMP_NOMBRE: 'SEGUNDO S.A.', menus: [101] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ msg: EMPRESA_MSG.stale });
      const now = await read(id);
      expect(now).toMatchObject({ EMP_NOMBREC: 'Primero', EMP_NOMBRE: created.EMP_NOMBRE, menus: created.menus });
      const menuStale = await call('PUT', `/menus/menuEmpresaAdmin/${id}`, second, { menus: [101], EMP_VERSION: created.EMP_VERSION });
      expect(menuStale.statusCode).toBe(409);
    });

    it('si los menús fallan, los datos tampoco se guardan (una transacción)', async () => {
      const created = await createCompany();
      const id = created.EMP_CODIGO;
      for (const menus of [
        [101, 99999],
        [101, 1],
      ]) {
        const res = await call('PUT', `/empresas/${id}`, admin, { ...editable(created), EMP_NOMBREC: 'No debe quedar', menus });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: EMPRESA_MSG.menuInvalid(menus[1]) });
      }
      const now = await read(id);
      expect(now).toMatchObject({ EMP_NOMBREC: created.EMP_NOMBREC, EMP_VERSION: created.EMP_VERSION, menus: created.menus });
      expect(await history(id)).toHaveLength(1);
    });

    it('un RUC de otra empresa es 409; un dígito verificador inválido es solo advertencia', async () => {
      const created = await createCompany();
      const taken = await call('PUT', `/empresas/${created.EMP_CODIGO}`, admin, { ...editable(created), EMP_RUC: COMPANIES.costa.ruc });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ msg: EMPRESA_MSG.rucTaken(COMPANIES.costa.ruc) });
      const odd = await call('PUT', `/empresas/${created.EMP_CODIGO}`, admin, { ...editable(created), EMP_RUC: '1790000000019' });
      expect(odd.statusCode, odd.body).toBe(200);
      expect(odd.json().advertencias).toEqual([expect.stringContaining('dígito verificador')]);
    });

    it('cada campo inválido es 400 nombrándolo', async () => {
      const created = await createCompany();
      const base = editable(created);
      const est = { EST_NUMERO: '001', EST_NOMBRE: null, EST_DIRECCION: 'Calle 1', EST_ACTIVO: true, puntos: [] };
      const cases: Array<[Record<string, unknown>, string | RegExp]> = [
        [{ EMP_RUC: '17900' }, 'El RUC debe tener 13 dígitos numéricos'],
        [{ EMP_NOMBREC: '' }, MSG.required('EMP_NOMBREC')],
        [{ EMP_NOMBRE: 'x'.repeat(201) }, /EMP_NOMBRE/],
        [{ EMP_CORREO: 'sin-arroba' }, 'Ingrese un correo electrónico válido'],
        [{ EMP_TELEFONO: 'abc' }, /teléfono/],
        [{ EMP_CONTABILIDAD: 'si' }, /EMP_CONTABILIDAD/],
        [{ EMP_CONTRIBUYENTE_ESPECIAL: '12A' }, /contribuyente especial/],
        [{ EMP_AGENTE_RETENCION: '1.2' }, /agente de retención/],
        [{ EMP_RIMPE: 'GRANDE' }, /EMP_RIMPE|RIMPE/],
        [{ EMP_AMBIENTE: 3 }, /ambiente/],
        [{ EMP_ACTIVO: null }, /EMP_ACTIVO/],
        [{ EMP_VERSION: undefined }, MSG.required('EMP_VERSION')],
        [{ establecimientos: [{ ...est, EST_NUMERO: '000' }] }, /establecimiento debe tener 3 dígitos/],
        [{ establecimientos: [{ ...est, EST_NUMERO: '1' }] }, /establecimiento debe tener 3 dígitos/],
        [{ establecimientos: [{ ...est, EST_DIRECCION: '' }] }, MSG.required('EST_DIRECCION')],
        [{ establecimientos: [est, est] }, EMPRESA_MSG.duplicateEstablishment('001')],
        [{ establecimientos: [{ ...est, puntos: [{ PEM_NUMERO: '1000', PEM_NOMBRE: null, PEM_ACTIVO: true }] }] }, /punto de emisión/],
        [
          {
            establecimientos: [
              {
                ...est,
                puntos: [
                  { PEM_NUMERO: '002', PEM_NOMBRE: null, PEM_ACTIVO: true },
                  { PEM_NUMERO: '002', PEM_NOMBRE: null, PEM_ACTIVO: true },
                ],
              },
            ],
          },
          EMPRESA_MSG.duplicatePoint('001', '002'),
        ],
        [{ establecimientos: [{ ...est, EST_CODIGO: 1 }] }, EMPRESA_MSG.foreignEstablishment(1)],
        [{ menus: [101, 101] }, 'La lista de menús no puede repetir un menú'],
        [{ EMP_DISTRIBUIDOR: 1 }, EMPRESA_MSG.distributorNotFound],
      ];
      for (const [change, msg] of cases) {
        const res = await call('PUT', `/empresas/${created.EMP_CODIGO}`, admin, { ...base, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        if (typeof msg === 'string') expect(res.json().msg, JSON.stringify(change)).toBe(msg);
        else expect(res.json().msg, JSON.stringify(change)).toMatch(msg);
      }
      expect((await read(created.EMP_CODIGO)).EMP_VERSION).toBe(created.EMP_VERSION);
    });

    it('solo un administrador cambia el distribuidor; el distribuidor edita los datos de sus empresas', async () => {
      const mine = await createCompany({}, distributor);
      const distributorId = (await t.db.select().from(administradores).where(eq(administradores.ADM_USUARIO, 'distribuidor')))[0]
        .ADM_CODIGO;
      expect(mine.EMP_DISTRIBUIDOR).toBe(distributorId);
      const edit = await call('PUT', `/empresas/${mine.EMP_CODIGO}`, distributor, {
        ...editable(mine),
        EMP_DISTRIBUIDOR: distributorId,
        EMP_TELEFONO: '022111222',
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const moved = await call('PUT', `/empresas/${mine.EMP_CODIGO}`, distributor, { ...editable(edit.json()), EMP_DISTRIBUIDOR: null });
      expect(moved.statusCode).toBe(403);
      expect(moved.json()).toEqual({ msg: EMPRESA_MSG.distributorOnlyAdmins });
      const byAdmin = await call('PUT', `/empresas/${mine.EMP_CODIGO}`, admin, { ...editable(edit.json()), EMP_DISTRIBUIDOR: null });
      expect(byAdmin.json()).toMatchObject({ EMP_DISTRIBUIDOR: null, DISTRIBUIDOR_NOMBRE: null });
      expect((await call('GET', `/empresas/${mine.EMP_CODIGO}`, distributor)).statusCode).toBe(404);
    });
  });

  describe('GET/PUT /menus/menuEmpresaAdmin/{id}', () => {
    it('lista los menús del área empresa con asignado y los reemplaza, con historial', async () => {
      const created = await createCompany();
      const id = created.EMP_CODIGO;
      const list = await call('GET', `/menus/menuEmpresaAdmin/${id}`, admin);
      expect(list.statusCode).toBe(200);
      const rows = list.json() as Array<{ MEN_CODIGO: number; asignado: boolean }>;
      expect(rows.map((r) => r.MEN_CODIGO)).toEqual(expect.arrayContaining([101, 102, 103]));
      expect(rows.every((r) => r.asignado)).toBe(true);
      expect(rows.some((r) => r.MEN_CODIGO < 100)).toBe(false);
      const put = await call('PUT', `/menus/menuEmpresaAdmin/${id}`, admin, { menus: [102] });
      expect(put.statusCode, put.body).toBe(200);
      expect((put.json() as typeof rows).filter((r) => r.asignado).map((r) => r.MEN_CODIGO)).toEqual([102]);
      expect((await read(id)).EMP_VERSION).toBe(created.EMP_VERSION + 1);
      expect((await history(id))[0]).toMatchObject({ HIS_ACCION: 'menus', HIS_DESPUES: { menus: ['Mi empresa'] } });
      const bad = await call('PUT', `/menus/menuEmpresaAdmin/${id}`, admin, { menus: [6] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ msg: EMPRESA_MSG.menuInvalid(6) });
      expect((await call('PUT', `/menus/menuEmpresaAdmin/${id}`, admin, {})).json()).toEqual({ msg: MSG.required('menus') });
      // The company's own menu follows at once.
      const login = await t.app.inject({
        method: 'POST',
        url: `${API}/menuEmpresa`,
        payload: { ruc: COMPANIES.andina.ruc },
        headers: { 'x-token': company },
      });
      expect(login.statusCode).toBe(200);
    });
  });

  describe('POST /empresas', () => {
    it('crea una empresa verificada, con menús por defecto, su primer usuario y su historial', async () => {
      const created = await createCompany({ usuario: 'primero', clave: 'ClaveSegura2026', EMP_RUC: '1790000000009' });
      expect(created).toMatchObject({ EMP_COMPROBACION: 'VERIFICADA', EMP_DISTRIBUIDOR: null, usuarios: 1, EMP_VERSION: 1 });
      expect(created.advertencias).toEqual([expect.stringContaining('dígito verificador')]);
      expect(created.menus).toEqual(expect.arrayContaining([101, 102, 103]));
      const login = await t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { ruc: '1790000000009', usuario: 'primero', clave: 'ClaveSegura2026' },
      });
      expect(login.statusCode).toBe(200);
      const [user] = await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, created.EMP_CODIGO));
      expect(user.USU_CLAVE).toMatch(/^\$argon2id\$/);
      const entries = await history(created.EMP_CODIGO);
      expect(entries).toEqual([expect.objectContaining({ HIS_ACCION: 'creacion', HIS_USUARIO: 'admin' })]);
      expect(JSON.stringify(entries)).not.toContain('ClaveSegura2026');
    });

    it('rechaza un RUC registrado (409), un usuario sin clave (400) y un distribuidor inexistente (400)', async () => {
      const base = { EMP_NOMBREC: 'X', EMP_NOMBRE: 'X', EMP_CORREO: 'x@x.ec', EMP_TELEFONO: null, EMP_CELULAR: null, EMP_DIRECCION: null };
      const more = {
        EMP_CONTABILIDAD: false,
        EMP_CONTRIBUYENTE_ESPECIAL: null,
        EMP_AGENTE_RETENCION: null,
        EMP_RIMPE: null,
        EMP_AMBIENTE: 1,
      };
      const taken = await call('POST', '/empresas', admin, { ...base, ...more, EMP_RUC: COMPANIES.andina.ruc });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ msg: EMPRESA_MSG.rucTaken(COMPANIES.andina.ruc) });
      const noKey = await call('POST', '/empresas', admin, { ...base, ...more, EMP_RUC: newRuc(), usuario: 'solo' });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json()).toEqual({ msg: MSG.required('clave') });
      const shortKey = await call('POST', '/empresas', admin, { ...base, ...more, EMP_RUC: newRuc(), usuario: 'solo', clave: 'corta' });
      expect(shortKey.json()).toEqual({ msg: MSG.passwordTooShort });
      const noDist = await call('POST', '/empresas', admin, { ...base, ...more, EMP_RUC: newRuc(), EMP_DISTRIBUIDOR: 99999 });
      expect(noDist.json()).toEqual({ msg: EMPRESA_MSG.distributorNotFound });
      expect((await call('POST', '/empresas', admin, { ...base, ...more })).json()).toEqual({ msg: MSG.required('EMP_RUC') });
    });
  });

  describe('DELETE /empresas/{id}', () => {
    it('elimina una empresa sin documentos; con pagos o planes 409 y puede desactivarse', async () => {
      const empty = await createCompany({ usuario: 'borrable', clave: 'ClaveSegura2026' });
      const ok = await call('DELETE', `/empresas/${empty.EMP_CODIGO}`, admin);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ EMP_CODIGO: empty.EMP_CODIGO, msg: EMPRESA_MSG.deleted(empty.EMP_NOMBREC as string) });
      expect(await t.db.select().from(empresas).where(eq(empresas.EMP_CODIGO, empty.EMP_CODIGO))).toEqual([]);
      expect(await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, empty.EMP_CODIGO))).toEqual([]);

      const paid = await createCompany();
      await t.db.insert(pagos).values({ EMP_CODIGO: paid.EMP_CODIGO, PAG_REFERENCIA: 'REF-1' });
      const refused = await call('DELETE', `/empresas/${paid.EMP_CODIGO}`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ msg: EMPRESA_MSG.hasDocuments });
      expect((await call('DELETE', `/empresas/${andina}`, admin)).json()).toEqual({ msg: EMPRESA_MSG.hasDocuments });
      expect((await t.db.select().from(planesEmpresa).where(eq(planesEmpresa.EMP_CODIGO, andina))).length).toBeGreaterThan(0);
      const off = await call('PUT', `/empresas/${paid.EMP_CODIGO}`, admin, { ...editable(paid), EMP_ACTIVO: false });
      expect(off.json()).toMatchObject({ EMP_ACTIVO: false });
    });

    it('un distribuidor no elimina (403 en la suya, 404 en la ajena)', async () => {
      const mine = await createCompany({}, distributor);
      const res = await call('DELETE', `/empresas/${mine.EMP_CODIGO}`, distributor);
      expect(res.statusCode).toBe(403);
      expect((await call('DELETE', `/empresas/${mine.EMP_CODIGO}`, otherDistributor)).statusCode).toBe(404);
      expect((await t.db.select().from(establecimientos).where(eq(establecimientos.EMP_CODIGO, mine.EMP_CODIGO))).length).toBe(0);
      expect((await read(mine.EMP_CODIGO)).EMP_CODIGO).toBe(mine.EMP_CODIGO);
    });
  });

  describe('comprobación', () => {
    it('una empresa registrada queda PENDIENTE con su pago; el administrador la rechaza con motivo y luego la verifica, con correos', async () => {
      const registered = await registerCompany(t);
      const id = registered.EMP_CODIGO;
      await t.db.insert(pagos).values({ EMP_CODIGO: id, PAG_ORIGEN: 'registro', PAG_REFERENCIA: 'TRF-1' });
      const check = await call('GET', `/empresas/comprobarEmpresa/${id}`, admin);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({
        EMP_COMPROBACION: 'PENDIENTE',
        EMP_MOTIVO_RECHAZO: null,
        pagos: [expect.objectContaining({ PAG_ORIGEN: 'registro', PAG_REFERENCIA: 'TRF-1' })],
      });

      const noReason = await call('PUT', `/empresas/comprobarEmpresaEstado/${id}`, admin, { estado: 'RECHAZADA' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({ msg: EMPRESA_MSG.reasonRequired });
      const blank = await call('PUT', `/empresas/comprobarEmpresaEstado/${id}`, admin, { estado: 'RECHAZADA', motivo: '   ' });
      expect(blank.statusCode).toBe(400);
      const badState = await call('PUT', `/empresas/comprobarEmpresaEstado/${id}`, admin, { estado: 'APROBADA' });
      expect(badState.json()).toEqual({ msg: 'El campo estado tiene un valor no permitido' });

      const before = (await t.mails()).length;
      const rejected = await call('PUT', `/empresas/comprobarEmpresaEstado/${id}`, admin, {
        estado: 'RECHAZADA',
        motivo: 'El comprobante no corresponde al valor del plan',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        EMP_COMPROBACION: 'RECHAZADA',
        EMP_MOTIVO_RECHAZO: 'El comprobante no corresponde al valor del plan',
      });
      let mails = (await t.mails()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: registered.body.email, subject: 'Amelia: no pudimos verificar su empresa' });
      expect(mails[0].text).toContain('El comprobante no corresponde al valor del plan');

      const verified = await call('PUT', `/empresas/comprobarEmpresaEstado/${id}`, admin, { estado: 'VERIFICADA' });
      expect(verified.json()).toMatchObject({ EMP_COMPROBACION: 'VERIFICADA', EMP_MOTIVO_RECHAZO: null });
      mails = (await t.mails()).slice(before);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toMatchObject({ to: registered.body.email, subject: 'Amelia: su empresa fue verificada' });
      // The same state again changes nothing and mails nobody.
      await call('PUT', `/empresas/comprobarEmpresaEstado/${id}`, admin, { estado: 'VERIFICADA' });
      expect((await t.mails()).slice(before)).toHaveLength(2);

      const entries = (await history(id)).filter((e) => e.HIS_ACCION === 'comprobacion');
      expect(entries.map((e) => (e.HIS_DESPUES as { EMP_COMPROBACION: string }).EMP_COMPROBACION)).toEqual(['VERIFICADA', 'RECHAZADA']);
    });

    it('un distribuidor lee la comprobación de sus empresas pero no la cambia (403)', async () => {
      expect((await call('GET', `/empresas/comprobarEmpresa/${andina}`, distributor)).statusCode).toBe(200);
      const res = await call('PUT', `/empresas/comprobarEmpresaEstado/${andina}`, distributor, { estado: 'PENDIENTE' });
      expect(res.statusCode).toBe(403);
      expect((await read(andina)).EMP_COMPROBACION).toBe('VERIFICADA');
    });

    it('la empresa de demostración Costa Azul espera verificación con su transferencia', async () => {
      const res = await call('GET', `/empresas/comprobarEmpresa/${costa}`, admin);
      expect(res.json()).toMatchObject({ EMP_COMPROBACION: 'PENDIENTE', pagos: [expect.objectContaining({ PAG_ORIGEN: 'registro' })] });
    });
  });

  describe('historial, accesos y planes', () => {
    it('el historial se pagina, el más reciente primero, con Content-Range', async () => {
      const created = await createCompany();
      for (const name of ['Uno', 'Dos', 'Tres']) {
        const current = await read(created.EMP_CODIGO);
        await call('PUT', `/empresas/${created.EMP_CODIGO}`, admin, { ...editable(current), EMP_NOMBREC: name });
      }
      const res = await call('GET', `/empresas/historial/${created.EMP_CODIGO}?range=[0,1]`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBe('historial 0-1/4');
      expect(res.json().map((e: { HIS_DESPUES: { EMP_NOMBREC: string } }) => e.HIS_DESPUES.EMP_NOMBREC)).toEqual(['Tres', 'Dos']);
      const filtered = await call(
        'GET',
        `/empresas/historial/${created.EMP_CODIGO}?filter=${encodeURIComponent('{"HIS_ACCION":"creacion"}')}`,
        admin,
      );
      expect(filtered.json()).toHaveLength(1);
      expect((await call('GET', `/empresas/historial/${created.EMP_CODIGO}?sort=["HIS_FECHA","ASC"]`, admin)).statusCode).toBe(400);
    });

    it('los accesos de distribuidores a la empresa y sus planes', async () => {
      const enter = await t.app.inject({
        method: 'POST',
        url: `${API}/loginDistribuidor`,
        payload: { ruc: COMPANIES.tornillo.ruc },
        headers: { 'x-token': distributor },
      });
      expect(enter.statusCode).toBe(200);
      const res = await call('GET', `/empresas/accesos/${tornillo}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({ ADM_USUARIO: 'distribuidor', USU_USUARIO: 'ferreteria' });
      const plans = await call('GET', `/empresas/planesEmpresa/${tornillo}`, distributor);
      expect(plans.json()).toEqual([expect.objectContaining({ PLAN_NOMBRE: 'Emprendedor', estado: 'vencido' })]);
    });
  });
});
