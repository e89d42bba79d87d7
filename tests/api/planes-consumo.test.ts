import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { uploadCompanySignature } from '../helpers/certificates';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { PLAN_MSG } from '../../domain/planes';
import { planes, planesEmpresa } from '../../server/infra/db/schema';
import { consumePlan, issuingBlock, payForAuthorized } from '../../server/modules/planesEmpresa/consumption';
import { combinedPlans } from '../../server/modules/planesEmpresa/combined';
import { FIRMA_MSG } from '../../domain/firmas';

describe.each(testDatabases)('consumo de planes y avisos: consumePlan, comprobarfirmaPlan, /miEmpresa/plan (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let pyme: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await loginAdmin(t)).token;
    [{ PLAN_ID: pyme }] = await t.db.select().from(planes).where(eq(planes.PLAN_NOMBRE, 'Pyme'));
  });
  afterAll(() => t.close());

  const hoy = () => hoyEcuador();
  /** A new company with a Pyme plan (500 documents) from `inicio`, `usados` of them used; its login. */
  async function companyWithPlan(inicio: string | null, usados = 0) {
    const company = await registerCompany(t);
    if (inicio) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/empresas/planes`,
        headers: { 'x-token': admin },
        payload: { EMP_CODIGO: company.EMP_CODIGO, PLAN_ID: pyme, PLANEMPRESA_INICIO: inicio },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.db
        .update(planesEmpresa)
        .set({ PLANEMPRESA_USADOS: usados })
        .where(eq(planesEmpresa.PLANEMPRESA_ID, res.json().PLANEMPRESA_ID));
    }
    return company;
  }
  async function notice(login: { ruc: string; usuario: string; clave: string }, signed = true) {
    const session = await loginCompany(t, login);
    if (signed) await uploadCompanySignature(t, session.token);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/comprobarfirmaPlan/${session.COM_CODIGO}/${session.eid}`,
      headers: { 'x-token': session.token },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { activar: boolean; mensaje: string };
  }

  it('N consumos a la vez con k < N comprobantes libres: exactamente k se usan y nunca se pasa del total', async () => {
    const company = await companyWithPlan(hoy(), 495);
    const results = await Promise.all(Array.from({ length: 12 }, () => consumePlan(t.db, company.EMP_CODIGO)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.msg)).toEqual(Array(7).fill(PLAN_MSG.exhausted(500)));
    const [row] = await t.db.select().from(planesEmpresa).where(eq(planesEmpresa.EMP_CODIGO, company.EMP_CODIGO));
    expect([row.PLANEMPRESA_USADOS, row.PLANEMPRESA_COMPROBANTES]).toEqual([500, 500]);
    expect(new Set(results.filter((r) => r.ok).map((r) => r.ok && r.plan.PLANEMPRESA_USADOS))).toEqual(new Set([496, 497, 498, 499, 500]));
    expect(await issuingBlock(t.db, company.EMP_CODIGO)).toBe(PLAN_MSG.exhausted(500));
  });

  it('un plan que venció mientras el documento esperaba al SRI lo paga; sin plan que lo pague, el historial de la empresa lo dice', async () => {
    // Issued yesterday, on the plan's last day; authorized today.
    const ended = await companyWithPlan(sumarDias(hoy(), -365));
    const paid = await payForAuthorized(t.db, {
      empresa: ended.EMP_CODIGO,
      numero: '001-001-000000007',
      emitida: sumarDias(hoy(), -1),
      nombre: 'factura',
    });
    expect(paid).toMatchObject({ ok: true, plan: { PLANEMPRESA_USADOS: 1 } });

    const none = await companyWithPlan(null);
    const unpaid = await payForAuthorized(t.db, {
      empresa: none.EMP_CODIGO,
      numero: '001-001-000000008',
      emitida: hoy(),
      nombre: 'factura',
    });
    expect(unpaid).toEqual({ ok: false, msg: PLAN_MSG.noPlan });
    const history = await t.app.inject({
      method: 'GET',
      url: `${API}/empresas/historial/${none.EMP_CODIGO}`,
      headers: { 'x-token': admin },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toContainEqual(
      expect.objectContaining({
        HIS_USUARIO: 'SRI',
        HIS_DESCRIPCION: PLAN_MSG.authorizedUnpaid('factura', '001-001-000000008', PLAN_MSG.noPlan),
      }),
    );
  });

  it('consumePlan: sin plan, vencido, programado; uno vigente cuenta y no bloquea', async () => {
    const none = await companyWithPlan(null);
    expect(await consumePlan(t.db, none.EMP_CODIGO)).toEqual({ ok: false, msg: PLAN_MSG.noPlan });
    const expired = await companyWithPlan(sumarDias(hoy(), -365));
    expect(await consumePlan(t.db, expired.EMP_CODIGO)).toEqual({ ok: false, msg: PLAN_MSG.expired(sumarDias(hoy(), -1)) });
    const later = await companyWithPlan(sumarDias(hoy(), 1));
    expect((await consumePlan(t.db, later.EMP_CODIGO)).ok).toBe(false);
    const current = await companyWithPlan(hoy());
    const used = await consumePlan(t.db, current.EMP_CODIGO);
    expect(used).toMatchObject({ ok: true, plan: { PLANEMPRESA_USADOS: 1, PLANEMPRESA_COMPROBANTES: 500 } });
    expect(await issuingBlock(t.db, current.EMP_CODIGO)).toBeNull();
    // A purchases plan is another counter: the company has none.
    expect(await consumePlan(t.db, current.EMP_CODIGO, 'C')).toEqual({ ok: false, msg: PLAN_MSG.noPlan });
  });

  it('comprobarfirmaPlan avisa en orden: sin plan, vencido, agotado, vence pronto (hoy incluido), 90 % usado, luego la firma', async () => {
    expect(await notice((await companyWithPlan(null)).login)).toEqual({ activar: true, mensaje: PLAN_MSG.noPlan });
    // Ended yesterday in Ecuador: a 365-day plan that started 365 days ago.
    expect(await notice((await companyWithPlan(sumarDias(hoy(), -365))).login)).toEqual({
      activar: true,
      mensaje: PLAN_MSG.expired(sumarDias(hoy(), -1)),
    });
    expect(await notice((await companyWithPlan(hoy(), 500)).login)).toEqual({ activar: true, mensaje: PLAN_MSG.exhausted(500) });
    // Ends today, and tomorrow.
    expect(await notice((await companyWithPlan(sumarDias(hoy(), -364))).login)).toEqual({
      activar: true,
      mensaje: PLAN_MSG.expiring(hoy(), 0),
    });
    expect(await notice((await companyWithPlan(sumarDias(hoy(), -363))).login)).toEqual({
      activar: true,
      mensaje: PLAN_MSG.expiring(sumarDias(hoy(), 1), 1),
    });
    expect(await notice((await companyWithPlan(hoy(), 450)).login)).toEqual({ activar: true, mensaje: PLAN_MSG.nearlyUsed(450, 500) });
    expect(await notice((await companyWithPlan(hoy(), 449)).login)).toEqual({ activar: false, mensaje: '' });
    expect(await notice((await companyWithPlan(hoy())).login, false)).toEqual({ activar: true, mensaje: FIRMA_MSG.noticeMissing });
  });

  it('un plan que vence pronto pero ya se renovó no avisa', async () => {
    const company = await companyWithPlan(sumarDias(hoy(), -360));
    const renewal = await t.app.inject({
      method: 'POST',
      url: `${API}/empresas/planes`,
      headers: { 'x-token': admin },
      payload: { EMP_CODIGO: company.EMP_CODIGO, PLAN_ID: pyme },
    });
    expect(renewal.json().PLANEMPRESA_INICIO).toBe(sumarDias(hoy(), 5));
    expect(await notice(company.login)).toEqual({ activar: false, mensaje: '' });
  });

  it('la empresa registrada recibe un plan y al volver a entrar el aviso "sin plan" desaparece; /miEmpresa/plan lo muestra', async () => {
    const company = await companyWithPlan(null);
    const session = await loginCompany(t, company.login);
    const mine = () => t.app.inject({ method: 'GET', url: `${API}/miEmpresa/plan`, headers: { 'x-token': session.token } });
    expect((await mine()).json()).toEqual({ plan: null, aviso: { activar: true, mensaje: PLAN_MSG.noPlan } });
    await t.app.inject({
      method: 'POST',
      url: `${API}/empresas/planes`,
      headers: { 'x-token': admin },
      payload: { EMP_CODIGO: company.EMP_CODIGO, PLAN_ID: pyme },
    });
    expect((await notice(company.login, false)).mensaje).toBe(FIRMA_MSG.noticeMissing);
    const res = await mine();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: { PLAN_NOMBRE: 'Pyme', PLANEMPRESA_INICIO: hoy(), PLANEMPRESA_COMPROBANTES: 500, PLANEMPRESA_USADOS: 0, estado: 'vigente' },
      aviso: { activar: true, mensaje: FIRMA_MSG.noticeMissing },
    });
    const home = await t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: { 'x-token': session.token } });
    expect(home.json().plan).toMatchObject({ PLAN_NOMBRE: 'Pyme', PLANEMPRESA_INICIO: hoy() });
    const adminToken = await t.app.inject({ method: 'GET', url: `${API}/miEmpresa/plan`, headers: { 'x-token': admin } });
    expect(adminToken.statusCode).toBe(403);
  });

  it('consulta combinada: una parte que falla se omite, se nombra y se registra; si fallan todas, el error de la consulta', async () => {
    const logged: Array<[object, string]> = [];
    const log = { error: (obj: object, msg: string) => logged.push([obj, msg]) } as never;
    const plan = (id: number, inicio: string) => ({ PLANEMPRESA_ID: id, PLANEMPRESA_INICIO: inicio }) as never;
    const result = await combinedPlans(async (clase) => {
      if (clase === 'I') throw new Error('sin conexión');
      return clase === 'E' ? [plan(1, '2026-01-01')] : [plan(2, '2026-02-01')];
    }, log);
    expect(result.fallidas).toEqual(['I']);
    expect(result.planes.map((p) => p.PLANEMPRESA_ID)).toEqual([2, 1]);
    expect(logged).toEqual([[expect.objectContaining({ clase: 'I' }), 'Error en la consulta de planes']]);
    await expect(combinedPlans(() => Promise.reject(new Error('caída')), log)).rejects.toThrow(PLAN_MSG.queryFailed);
  });
});
