import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { multipart, startTestApp, testSetups, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { PLAN_MSG } from '../../domain/planes';
import { archivos, empresas, empresasHistorial, pagos, planes, planesEmpresa } from '../../server/infra/db/schema';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

type Sale = Record<string, unknown> & { PLANEMPRESA_ID: number; PLANEMPRESA_INICIO: string; PLANEMPRESA_CADUCA: string };

describe.each(testSetups)(
  'planes vendidos: /empresas/planes, planesEmpresa, planesOrel, documento (%s, archivos en %s)',
  (kind, storage) => {
    let t: TestApp;
    let admin: string;
    let distributor: { token: string; ADM_CODIGO: number };
    const plan: Record<string, number> = {};
    let andina: number;
    let costa: number;
    beforeAll(async () => {
      t = await startTestApp(kind, {}, { storage });
      admin = (await loginAdmin(t)).token;
      distributor = await loginAdmin(t, DEMO.distribuidor);
      for (const p of await t.db.select().from(planes)) plan[p.PLAN_NOMBRE] = p.PLAN_ID;
      const rows = await t.db.select().from(empresas);
      andina = rows.find((r) => r.EMP_RUC === COMPANIES.andina.ruc)!.EMP_CODIGO;
      costa = rows.find((r) => r.EMP_RUC === COMPANIES.costa.ruc)!.EMP_CODIGO;
    });
    afterAll(() => t.close());

    const hoy = () => hoyEcuador();
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
      t.app.inject({ method, url: `${API}${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
    const sell = (EMP_CODIGO: number, PLAN_ID: number, extra: object = {}, token = admin) =>
      call('POST', '/empresas/planes', { EMP_CODIGO, PLAN_ID, ...extra }, token);
    /** A company assigned to the demo distributor. */
    const distributorsCompany = async () => {
      const company = await registerCompany(t);
      await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: distributor.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
      return company.EMP_CODIGO;
    };

    it('vende un plan: hoy si no tenía, la renovación empieza el día siguiente al vencimiento; vendedor, precio e historial', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const first = await sell(company, plan.Pyme);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        EMP_CODIGO: company,
        PLAN_ID: plan.Pyme,
        PLAN_NOMBRE: 'Pyme',
        PLANEMPRESA_CLASE: 'E',
        PLANEMPRESA_TIPO: 'V',
        PLANEMPRESA_INICIO: hoy(),
        PLANEMPRESA_CADUCA: sumarDias(hoy(), 364),
        PLANEMPRESA_COMPROBANTES: 500,
        PLANEMPRESA_USADOS: 0,
        PLANEMPRESA_PRECIO: '60.00',
        VENDEDOR: expect.any(String),
        estado: 'vigente',
        activarDescargaPlan: false,
        activarEditarPlan: false,
        msg: PLAN_MSG.saved,
      });
      const renewal = await sell(company, plan.Emprendedor, { PLANEMPRESA_PRECIO: '20' });
      expect(renewal.statusCode, renewal.body).toBe(201);
      expect(renewal.json()).toMatchObject({
        PLANEMPRESA_INICIO: sumarDias(hoy(), 365),
        PLANEMPRESA_CADUCA: sumarDias(hoy(), 729),
        PLANEMPRESA_PRECIO: '20.00',
        estado: 'programado',
      });
      // Another type (purchases) is another line: it starts today.
      const purchases = await sell(company, plan.Compras);
      expect(purchases.json()).toMatchObject({ PLANEMPRESA_TIPO: 'C', PLANEMPRESA_INICIO: hoy() });

      const tab = await call('GET', `/empresas/planesEmpresa/${company}`);
      expect(tab.statusCode).toBe(200);
      expect((tab.json() as Sale[]).map((s) => s.PLANEMPRESA_INICIO)).toEqual([sumarDias(hoy(), 365), hoy(), hoy()]);
      const history = await t.db
        .select()
        .from(empresasHistorial)
        .where(and(eq(empresasHistorial.EMP_CODIGO, company), eq(empresasHistorial.HIS_ACCION, 'plan')));
      expect(history).toHaveLength(3);
      expect(history[0].HIS_DESCRIPCION).toContain('Pyme');
      const ficha = await call('GET', `/empresas/${company}`);
      expect(ficha.json().plan).toMatchObject({ PLAN_NOMBRE: 'Emprendedor', PLANEMPRESA_CADUCA: sumarDias(hoy(), 729) });
    });

    it('un plan vencido se renueva desde hoy; fechas cruzadas 409 con las fechas del otro plan', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const old = await sell(company, plan.Pyme, { PLANEMPRESA_INICIO: sumarDias(hoy(), -400) });
      expect(old.json()).toMatchObject({ PLANEMPRESA_CADUCA: sumarDias(hoy(), -36), estado: 'vencido', activarEditarPlan: true });
      const renewal = await sell(company, plan.Pyme);
      expect(renewal.json()).toMatchObject({ PLANEMPRESA_INICIO: hoy() });
      const crossing = await sell(company, plan.Emprendedor, { PLANEMPRESA_INICIO: sumarDias(hoy(), 100) });
      expect([crossing.statusCode, crossing.json()]).toEqual([409, { msg: PLAN_MSG.overlap(hoy(), sumarDias(hoy(), 364)) }]);
      const badDay = await sell(company, plan.Emprendedor, { PLANEMPRESA_INICIO: '2026-02-30' });
      expect([badDay.statusCode, badDay.json()]).toEqual([400, { msg: PLAN_MSG.invalidDay }]);
    });

    it('rechaza plan inexistente, de clase Orel, pago de otra empresa; acepta un pago propio', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      expect((await sell(company, 999999)).json()).toEqual({ msg: PLAN_MSG.notFound });
      const orel = await sell(company, plan['Orel Básico']);
      expect([orel.statusCode, orel.json()]).toEqual([400, { msg: PLAN_MSG.wrongClass('E') }]);
      const [foreign] = await t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, costa));
      const badPay = await sell(company, plan.Pyme, { PAG_CODIGO: foreign.PAG_CODIGO });
      expect([badPay.statusCode, badPay.json()]).toEqual([400, { msg: PLAN_MSG.paymentNotFound }]);
      const [own] = await t.db.insert(pagos).values({ EMP_CODIGO: company, PAG_ORIGEN: 'registro', PAG_REFERENCIA: 'TRF-1' }).returning();
      const paid = await sell(company, plan.Pyme, { PAG_CODIGO: own.PAG_CODIGO });
      expect(paid.json()).toMatchObject({ PAG_CODIGO: own.PAG_CODIGO });
      expect((await sell(999999, plan.Pyme)).statusCode).toBe(404);
    });

    it('dos ventas a la vez a la misma empresa desde el mismo día: una se guarda y la otra recibe 409', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const from = { PLANEMPRESA_INICIO: hoy() };
      const results = await Promise.all([sell(company, plan.Pyme, from), sell(company, plan.Empresarial, from)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await t.db.select().from(planesEmpresa).where(eq(planesEmpresa.EMP_CODIGO, company))).toHaveLength(1);
    });

    it('las banderas y el estado en los días límite de Ecuador: vence ayer, hoy, mañana', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const { PLANEMPRESA_ID } = (await sell(company, plan.Pyme, { PLANEMPRESA_INICIO: sumarDias(hoy(), -100) })).json() as Sale;
      const put = (caduca: string) =>
        call('PUT', `/empresas/planes/${PLANEMPRESA_ID}`, {
          PLANEMPRESA_INICIO: sumarDias(hoy(), -100),
          PLANEMPRESA_CADUCA: caduca,
          PLANEMPRESA_COMPROBANTES: 500,
          PLANEMPRESA_PRECIO: '60.00',
        });
      for (const [caduca, estado, editar] of [
        [sumarDias(hoy(), -1), 'vencido', true],
        [hoy(), 'por_vencer', true],
        [sumarDias(hoy(), 1), 'por_vencer', false],
        [sumarDias(hoy(), 31), 'vigente', false],
      ] as const) {
        const res = await put(caduca);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json(), caduca).toMatchObject({ PLANEMPRESA_CADUCA: caduca, estado, activarEditarPlan: editar, msg: PLAN_MSG.saved });
        // The company list's plan status follows the corrected expiry.
        const [fila] = await t.db.select({ caduca: empresas.EMP_PLAN_CADUCA }).from(empresas).where(eq(empresas.EMP_CODIGO, company));
        expect(fila!.caduca, caduca).toBe(caduca);
      }
    });

    it('corregir: vencimiento antes del inicio, menos comprobantes que los usados, cruces 409; 404 ajeno', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const a = (await sell(company, plan.Pyme)).json() as Sale;
      const b = (await sell(company, plan.Pyme)).json() as Sale;
      await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 10 }).where(eq(planesEmpresa.PLANEMPRESA_ID, a.PLANEMPRESA_ID));
      const edit = (id: number, changes: object) =>
        call('PUT', `/empresas/planes/${id}`, {
          PLANEMPRESA_INICIO: a.PLANEMPRESA_INICIO,
          PLANEMPRESA_CADUCA: a.PLANEMPRESA_CADUCA,
          PLANEMPRESA_COMPROBANTES: 500,
          PLANEMPRESA_PRECIO: '60.00',
          ...changes,
        });
      const backwards = await edit(a.PLANEMPRESA_ID, { PLANEMPRESA_CADUCA: sumarDias(a.PLANEMPRESA_INICIO, -1) });
      expect([backwards.statusCode, backwards.json()]).toEqual([400, { msg: PLAN_MSG.endBeforeStart }]);
      const under = await edit(a.PLANEMPRESA_ID, { PLANEMPRESA_COMPROBANTES: 9 });
      expect([under.statusCode, under.json()]).toEqual([400, { msg: PLAN_MSG.usedOverTotal }]);
      const crossing = await edit(a.PLANEMPRESA_ID, { PLANEMPRESA_CADUCA: b.PLANEMPRESA_INICIO });
      expect([crossing.statusCode, crossing.json()]).toEqual([409, { msg: PLAN_MSG.overlap(b.PLANEMPRESA_INICIO, b.PLANEMPRESA_CADUCA) }]);
      const ok = await edit(a.PLANEMPRESA_ID, { PLANEMPRESA_COMPROBANTES: 800, PLANEMPRESA_OBSERVACION: 'Ampliación' });
      expect(ok.json()).toMatchObject({ PLANEMPRESA_COMPROBANTES: 800, PLANEMPRESA_USADOS: 10, PLANEMPRESA_OBSERVACION: 'Ampliación' });
      expect((await edit(999999, {})).statusCode).toBe(404);
    });

    it('eliminar: 409 con comprobantes usados; sin usar se elimina (solo administradores)', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const sale = (await sell(company, plan.Pyme)).json() as Sale;
      await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 1 }).where(eq(planesEmpresa.PLANEMPRESA_ID, sale.PLANEMPRESA_ID));
      const used = await call('DELETE', `/empresas/planes/${sale.PLANEMPRESA_ID}`);
      expect([used.statusCode, used.json()]).toEqual([409, { msg: PLAN_MSG.removeUsed }]);
      await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 0 }).where(eq(planesEmpresa.PLANEMPRESA_ID, sale.PLANEMPRESA_ID));
      const removed = await call('DELETE', `/empresas/planes/${sale.PLANEMPRESA_ID}`);
      expect([removed.statusCode, removed.json()]).toEqual([200, { msg: PLAN_MSG.removed }]);
      expect((await call('GET', `/empresas/planesEmpresa/${company}`)).json()).toEqual([]);
      expect((await call('DELETE', `/empresas/planes/${sale.PLANEMPRESA_ID}`)).statusCode).toBe(404);
    });

    it('documento de imprenta: 404 sin documento, sube PDF, descarga con su nombre, lo reemplaza un PNG', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const sale = (await sell(company, plan['Autorización de imprenta'])).json() as Sale;
      expect(sale).toMatchObject({ PLANEMPRESA_CLASE: 'I', activarDescargaPlan: false });
      const download = () => call('GET', `/empresas/descarga/plan/${sale.PLANEMPRESA_ID}`);
      expect([(await download()).statusCode, (await download()).json()]).toEqual([404, { msg: PLAN_MSG.noDocument }]);
      const upload = (content: Buffer, name: string) => {
        const form = multipart('current', name, content);
        return t.app.inject({
          method: 'POST',
          url: `${API}/empresas/planes/${sale.PLANEMPRESA_ID}/documento`,
          payload: form.payload,
          headers: { ...form.headers, 'x-token': admin },
        });
      };
      const first = await upload(PDF, 'autorización SRI.pdf');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ PLANEMPRESA_EXTENSION: 'pdf', activarDescargaPlan: true, msg: PLAN_MSG.documentSaved });
      const got = await download();
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toContain(encodeURIComponent('autorización SRI.pdf'));
      const [{ ARC_ID: firstFile }] = await t.db.select().from(planesEmpresa).where(eq(planesEmpresa.PLANEMPRESA_ID, sale.PLANEMPRESA_ID));

      const second = await upload(PNG, 'autorizacion.png');
      expect(second.json()).toMatchObject({ PLANEMPRESA_EXTENSION: 'png' });
      expect((await download()).headers['content-type']).toBe('image/png');
      expect(await t.db.select().from(archivos).where(eq(archivos.ARC_ID, firstFile!))).toEqual([]);
      const wrong = await upload(Buffer.from('MZ not a pdf'), 'virus.pdf');
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { msg: PLAN_MSG.documentType }]);
      // The payments' /descarga/{a}/{b} still answers next to /descarga/plan/{id}.
      expect((await call('GET', `/empresas/descarga/${company}/999999`)).json()).toEqual({ msg: MSG.notFound });
      expect((await call('GET', '/empresas/descarga/plan/abc')).statusCode).toBe(400);
      // The seeded plan of El Tornillo has the text NULL as extension: no download.
      const [tornillo] = await t.db.select().from(planesEmpresa).where(eq(planesEmpresa.PLANEMPRESA_EXTENSION, 'NULL'));
      const none = await call('GET', `/empresas/descarga/plan/${tornillo.PLANEMPRESA_ID}`);
      expect([none.statusCode, none.json()]).toEqual([404, { msg: PLAN_MSG.noDocument }]);
    });

    it('planes Orel: venta, consulta, corrección por planesOreL y planesOrel, utilizados y clase equivocada', async () => {
      const company = (await registerCompany(t)).EMP_CODIGO;
      const wrong = await call('POST', '/empresas/planesOrel', { EMP_CODIGO: company, PLAN_ID: plan.Pyme });
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { msg: PLAN_MSG.wrongClass('O') }]);
      const sold = await call('POST', '/empresas/planesOrel', { EMP_CODIGO: company, PLAN_ID: plan['Orel Básico'] });
      expect(sold.statusCode, sold.body).toBe(201);
      const orel = sold.json() as Record<string, unknown> & { PLANOREL_ID: number };
      expect(orel).toMatchObject({
        PLAN_NOMBRE: 'Orel Básico',
        PLANOREL_INICIO: hoy(),
        PLANOREL_CADUCA: sumarDias(hoy(), 364),
        PLANOREL_COMPROBANTES: 1000,
        PLANOREL_USADOS: 0,
        PLANOREL_EXTENSION: null,
        estado: 'vigente',
        activarDescargaPlan: false,
        msg: PLAN_MSG.saved,
      });
      expect((await call('GET', `/empresas/planesOrel/${orel.PLANOREL_ID}`)).json()).toMatchObject({ PLANOREL_ID: orel.PLANOREL_ID });
      expect((await call('GET', `/empresas/planesEmpresaOrel/${company}`)).json()).toEqual([
        expect.objectContaining({ PLANOREL_ID: orel.PLANOREL_ID }),
      ]);
      // The company's own plans tab does not list it.
      expect((await call('GET', `/empresas/planesEmpresa/${company}`)).json()).toEqual([]);
      const edit = (path: string, comprobantes: number) =>
        call('PUT', `/empresas/${path}/${orel.PLANOREL_ID}`, {
          PLANEMPRESA_INICIO: hoy(),
          PLANEMPRESA_CADUCA: sumarDias(hoy(), 200),
          PLANEMPRESA_COMPROBANTES: comprobantes,
          PLANEMPRESA_PRECIO: '75.00',
        });
      expect((await edit('planesOreL', 1200)).json()).toMatchObject({
        PLANOREL_COMPROBANTES: 1200,
        PLANOREL_CADUCA: sumarDias(hoy(), 200),
      });
      expect((await edit('planesOrel', 1300)).json()).toMatchObject({ PLANOREL_COMPROBANTES: 1300, PLANOREL_PRECIO: '75.00' });
      await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 7 }).where(eq(planesEmpresa.PLANEMPRESA_ID, orel.PLANOREL_ID));
      const used = await call('GET', `/planes/plan/orel/utilizados/${orel.PLANOREL_ID}`);
      expect(used.json()).toEqual({ PLANOREL_ID: orel.PLANOREL_ID, comprobantes: 1300, utilizados: 7, disponibles: 1293 });
      // An electronic plan is not an Orel plan.
      const own = (await sell(company, plan.Pyme)).json() as Sale;
      expect((await call('GET', `/empresas/planesOrel/${own.PLANEMPRESA_ID}`)).statusCode).toBe(404);
      expect((await call('GET', `/planes/plan/orel/utilizados/${own.PLANEMPRESA_ID}`)).statusCode).toBe(404);

      const combined = await call('GET', `/empresas/planesCombinados/${company}`);
      expect(combined.statusCode).toBe(200);
      expect(combined.json().fallidas).toEqual([]);
      expect((combined.json().planes as Sale[]).map((p) => [p.PLANEMPRESA_CLASE, p.PLANEMPRESA_ID])).toEqual([
        ['E', own.PLANEMPRESA_ID],
        ['O', orel.PLANOREL_ID],
      ]);
    });

    it('un distribuidor: solo los planes de sus empresas (404 de otra empresa y de su venta), lista y resumen propios', async () => {
      const mine = await distributorsCompany();
      const sold = await sell(mine, plan.Pyme, {}, distributor.token);
      expect(sold.statusCode, sold.body).toBe(201);
      expect(sold.json()).toMatchObject({ ADM_CODIGO: distributor.ADM_CODIGO });
      const foreignCompany = (await registerCompany(t)).EMP_CODIGO;
      const foreignSale = (await sell(foreignCompany, plan.Pyme)).json() as Sale;
      for (const [method, url, body] of [
        ['POST', '/empresas/planes', { EMP_CODIGO: foreignCompany, PLAN_ID: plan.Pyme }],
        ['GET', `/empresas/planesEmpresa/${foreignCompany}`],
        ['GET', `/empresas/planesEmpresaOrel/${foreignCompany}`],
        ['GET', `/empresas/planesCombinados/${foreignCompany}`],
        [
          'PUT',
          `/empresas/planes/${foreignSale.PLANEMPRESA_ID}`,
          { PLANEMPRESA_INICIO: hoy(), PLANEMPRESA_CADUCA: hoy(), PLANEMPRESA_COMPROBANTES: 1, PLANEMPRESA_PRECIO: '1' },
        ],
        ['GET', `/empresas/descarga/plan/${foreignSale.PLANEMPRESA_ID}`],
        ['GET', `/empresas/planesEmpresa/${costa}`],
      ] as const) {
        const res = await call(method, url, body, distributor.token);
        expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([404, { msg: MSG.notFound }]);
      }
      const list = await call('GET', '/empresas/planesEmpresa?range=[0,99]', undefined, distributor.token);
      expect(list.statusCode).toBe(200);
      const companies = new Set((list.json() as Sale[]).map((s) => s.EMP_CODIGO));
      expect(companies.has(mine)).toBe(true);
      expect(companies.has(andina)).toBe(true);
      expect(companies.has(foreignCompany)).toBe(false);
      const all = await call('GET', '/empresas/planesEmpresa?range=[0,999]');
      expect(new Set((all.json() as Sale[]).map((s) => s.EMP_CODIGO)).has(foreignCompany)).toBe(true);
    });

    it('GET /empresas/planesEmpresa filtra por empresa, clase, estado, fechas y búsqueda; orden y 400 en lo inválido', async () => {
      const company = await registerCompany(t);
      const id = company.EMP_CODIGO;
      await sell(id, plan.Pyme, { PLANEMPRESA_INICIO: sumarDias(hoy(), -400) });
      await sell(id, plan.Pyme);
      await sell(id, plan['Autorización de imprenta']);
      const list = (filter: object, extra = '') =>
        call('GET', `/empresas/planesEmpresa?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);
      const mine = await list({ EMP_CODIGO: id });
      expect(mine.headers['content-range']).toBe('planesEmpresa 0-2/3');
      expect((await list({ EMP_CODIGO: id, estado: 'vencido' })).json()).toHaveLength(1);
      expect((await list({ EMP_CODIGO: id, estado: 'vigente' })).json()).toHaveLength(2);
      expect((await list({ EMP_CODIGO: id, PLANEMPRESA_CLASE: 'I' })).json()).toEqual([
        expect.objectContaining({ PLAN_NOMBRE: 'Autorización de imprenta' }),
      ]);
      expect((await list({ q: company.EMP_RUC })).json()).toHaveLength(3);
      expect((await list({ EMP_CODIGO: id, desde: hoy(), hasta: hoy() })).json()).toHaveLength(3);
      expect((await list({ EMP_CODIGO: id, desde: sumarDias(hoy(), 1) })).json()).toHaveLength(0);
      const byExpiry = await list({ EMP_CODIGO: id }, '&sort=["PLANEMPRESA_CADUCA","ASC"]');
      expect((byExpiry.json() as Sale[])[0].PLANEMPRESA_CADUCA).toBe(sumarDias(hoy(), -36));
      expect((await list({ estado: 'raro' })).statusCode).toBe(400);
      expect((await list({ desde: '2026-02-30' })).statusCode).toBe(400);
      expect((await call('GET', '/empresas/planesEmpresa?sort=["EMP_RUC","ASC"]')).statusCode).toBe(400);
    });

    it('GET /empresas/planes/resumen: vendidos del mes, renovaciones próximas sin renovar y empresas sin plan', async () => {
      const before = (await call('GET', '/empresas/planes/resumen')).json();
      const expiring = (await registerCompany(t)).EMP_CODIGO;
      await t.db.update(empresas).set({ EMP_ACTIVO: true }).where(eq(empresas.EMP_CODIGO, expiring));
      // Ends in 10 days: a 365-day plan that started 354 days ago.
      const sale = (
        await sell(expiring, plan.Pyme, { PLANEMPRESA_INICIO: sumarDias(hoy(), -354), PLANEMPRESA_PRECIO: '50' })
      ).json() as Sale;
      const after = (await call('GET', '/empresas/planes/resumen')).json();
      expect(after.vendidosMes).toBe(before.vendidosMes + 1);
      expect(Number(after.importeMes)).toBeCloseTo(Number(before.importeMes) + 50, 2);
      expect(after.renovaciones).toContainEqual(
        expect.objectContaining({
          EMP_CODIGO: expiring,
          PLANEMPRESA_ID: sale.PLANEMPRESA_ID,
          PLANEMPRESA_CADUCA: sumarDias(hoy(), 10),
          dias: 10,
        }),
      );
      expect(after.porVencer).toBe(before.porVencer + 1);
      // Renewed: it leaves the list.
      await sell(expiring, plan.Pyme);
      const renewed = (await call('GET', '/empresas/planes/resumen')).json();
      expect(renewed.renovaciones.map((r: { EMP_CODIGO: number }) => r.EMP_CODIGO)).not.toContain(expiring);
      expect(renewed.sinPlan).toBeGreaterThan(0);
      const scoped = (await call('GET', '/empresas/planes/resumen', undefined, distributor.token)).json();
      expect(scoped.renovaciones.map((r: { EMP_CODIGO: number }) => r.EMP_CODIGO)).not.toContain(expiring);
      expect(scoped.sinPlan).toBeLessThanOrEqual(renewed.sinPlan);
    });
  },
);
