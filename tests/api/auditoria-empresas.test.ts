/**
 * The global audit log also records what the back office does to companies: a plan sold, corrected and removed, a
 * payment recorded and removed, the company's menus, its data and its removal; each entry with its values (never a
 * secret) and in the same transaction as the change. A company user's own changes stay in the company's history only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { bancos, planes } from '../../server/infra/db/schema';

type Entrada = {
  AUD_ID: number;
  AUD_USUARIO: string;
  AUD_RECURSO: string;
  AUD_REGISTRO: string;
  AUD_ACCION: string;
  AUD_ANTES: Record<string, unknown> | null;
  AUD_DESPUES: Record<string, unknown> | null;
  CAMPOS: string[];
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(testDatabases)('auditoría de las empresas (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let plan: { PLAN_ID: number; PLAN_NOMBRE: string };
  let bank: { BAN_CODIGO: number; BAN_NOMBRE: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await loginAdmin(t)).token;
    [plan] = await t.db.select().from(planes).orderBy(planes.PLAN_ID).limit(1);
    [bank] = await t.db.select().from(bancos).orderBy(bancos.BAN_CODIGO).limit(1);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  /** The company's entries in the audit log, newest first, with their values. */
  async function entries(empresa: number): Promise<Entrada[]> {
    const filter = encodeURIComponent(JSON.stringify({ AUD_RECURSO: 'empresas', AUD_REGISTRO: String(empresa) }));
    const res = await call('GET', `/auditoria?filter=${filter}`);
    expect(res.statusCode, res.body).toBe(200);
    // The list names the fields; each entry's page has its values.
    return Promise.all(
      (res.json() as Entrada[]).map(async (row) => {
        const detail = await call('GET', `/auditoria/${row.AUD_ID}`);
        expect(detail.statusCode, detail.body).toBe(200);
        return { ...row, ...detail.json() } as Entrada;
      }),
    );
  }
  async function pay(empresa: number) {
    const data = new FormData();
    for (const [name, value] of Object.entries({
      monto: '30',
      fecha: sumarDias(hoyEcuador(), -1),
      banco: String(bank.BAN_CODIGO),
      referencia: 'TRF-9',
    }))
      data.append(name, value);
    data.append('current', new Blob([new Uint8Array(PDF)]), 'pago.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    return t.app.inject({
      method: 'POST',
      url: `${API}/empresas/pago/${empresa}`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, 'x-token': admin },
    });
  }

  it('una venta de plan, su corrección y su eliminación quedan con el plan, las fechas, el precio y el pago', async () => {
    const empresa = (await registerCompany(t)).EMP_CODIGO;
    const paid = await pay(empresa);
    expect(paid.statusCode, paid.body).toBe(201);
    const PAG_CODIGO = paid.json().PAG_CODIGO as number;
    const sold = await call('POST', '/empresas/planes', {
      EMP_CODIGO: empresa,
      PLAN_ID: plan.PLAN_ID,
      PAG_CODIGO,
      PLANEMPRESA_PRECIO: '25.5',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = sold.json() as { PLANEMPRESA_ID: number; PLANEMPRESA_INICIO: string; PLANEMPRESA_CADUCA: string };

    const [venta, pago] = await entries(empresa);
    expect(venta).toMatchObject({
      AUD_USUARIO: DEMO.admin.usuario,
      AUD_RECURSO: 'empresas',
      AUD_REGISTRO: String(empresa),
      AUD_ACCION: 'venta_plan',
      AUD_ANTES: null,
      AUD_DESPUES: {
        PLANEMPRESA_ID: sale.PLANEMPRESA_ID,
        PLAN_NOMBRE: plan.PLAN_NOMBRE,
        PLANEMPRESA_INICIO: sale.PLANEMPRESA_INICIO,
        PLANEMPRESA_CADUCA: sale.PLANEMPRESA_CADUCA,
        PLANEMPRESA_PRECIO: '25.5',
        PAG_CODIGO,
      },
    });
    expect(venta.CAMPOS).toEqual(expect.arrayContaining(['PLANEMPRESA_CADUCA', 'PAG_CODIGO']));
    expect(pago).toMatchObject({
      AUD_ACCION: 'pago',
      AUD_DESPUES: {
        PAG_CODIGO,
        PAG_MONTO: expect.stringMatching(/^30(\.00?)?$/),
        BAN_CODIGO: bank.BAN_CODIGO,
        BAN_NOMBRE: bank.BAN_NOMBRE,
        PAG_REFERENCIA: 'TRF-9',
        ARC_NOMBRE: 'pago.pdf',
      },
    });

    const caduca = sumarDias(sale.PLANEMPRESA_CADUCA, 10);
    const edit = await call('PUT', `/empresas/planes/${sale.PLANEMPRESA_ID}`, {
      PLANEMPRESA_INICIO: sale.PLANEMPRESA_INICIO,
      PLANEMPRESA_CADUCA: caduca,
      PLANEMPRESA_COMPROBANTES: 10,
      PLANEMPRESA_PRECIO: '25.50',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [correccion] = await entries(empresa);
    expect(correccion).toMatchObject({
      AUD_ACCION: 'edicion_plan',
      AUD_ANTES: { PLANEMPRESA_ID: sale.PLANEMPRESA_ID, PLAN_NOMBRE: plan.PLAN_NOMBRE, PLANEMPRESA_CADUCA: sale.PLANEMPRESA_CADUCA },
      AUD_DESPUES: { PLANEMPRESA_ID: sale.PLANEMPRESA_ID, PLAN_NOMBRE: plan.PLAN_NOMBRE, PLANEMPRESA_CADUCA: caduca },
    });
    // The company's history names the fields as people read them.
    const history = await call('GET', `/empresas/historial/${empresa}`);
    expect(history.json()[0].HIS_DESCRIPCION).toBe(`Se corrigió el plan ${plan.PLAN_NOMBRE} (Plan vence, Comprobantes)`);

    expect((await call('DELETE', `/empresas/planes/${sale.PLANEMPRESA_ID}`)).statusCode).toBe(200);
    const [eliminacion] = await entries(empresa);
    expect(eliminacion).toMatchObject({
      AUD_ACCION: 'eliminacion_plan',
      AUD_ANTES: { PLANEMPRESA_ID: sale.PLANEMPRESA_ID },
      AUD_DESPUES: null,
    });

    expect((await call('DELETE', `/empresas/pago/${empresa}/${PAG_CODIGO}`)).statusCode).toBe(200);
    const [pagoEliminado] = await entries(empresa);
    expect(pagoEliminado).toMatchObject({ AUD_ACCION: 'eliminacion_pago', AUD_ANTES: { PAG_CODIGO, PAG_REFERENCIA: 'TRF-9' } });
  });

  it('los menús que se dan a una empresa y la edición de sus datos quedan en la auditoría; ninguna clave', async () => {
    const empresa = (await registerCompany(t)).EMP_CODIGO;
    const menus = await call('PUT', `/menus/menuEmpresaAdmin/${empresa}`, { menus: [102] });
    expect(menus.statusCode, menus.body).toBe(200);
    const [grant] = await entries(empresa);
    expect(grant).toMatchObject({ AUD_ACCION: 'menus', AUD_DESPUES: { menus: ['Mi empresa'] } });
    expect((grant.AUD_ANTES!.menus as string[]).length).toBeGreaterThan(1);

    const read = (await call('GET', `/empresas/${empresa}`)).json();
    const put = await call('PUT', `/empresas/${empresa}`, { ...read, EMP_NOMBREC: 'Nombre Auditado', EMP_TELEFONO: '022345678' });
    expect(put.statusCode, put.body).toBe(200);
    const [edit] = await entries(empresa);
    expect(edit).toMatchObject({ AUD_ACCION: 'edicion', AUD_DESPUES: { EMP_NOMBREC: 'Nombre Auditado', EMP_TELEFONO: '022345678' } });
    const history = await call('GET', `/empresas/historial/${empresa}`);
    expect(history.json()[0].HIS_DESCRIPCION).toMatch(
      /^Datos de la empresa cambiados: (Nombre comercial, Teléfono|Teléfono, Nombre comercial)$/,
    );

    // A user created from the back office: its clave never reaches the log.
    const user = await call('POST', `/empresas/usuario/${empresa}`, {
      USU_USUARIO: 'auditado',
      USU_NOMBRE: 'Usuario Auditado',
      USU_CORREO: 'auditado@prueba.ec',
      clave: 'ClaveSecreta2026',
    });
    expect(user.statusCode, user.body).toBe(201);
    const [created] = await entries(empresa);
    expect(created).toMatchObject({ AUD_ACCION: 'usuario', AUD_DESPUES: { USU_USUARIO: 'auditado' } });
    expect(JSON.stringify(created)).not.toContain('ClaveSecreta2026');
    for (const entry of await entries(empresa)) expect(JSON.stringify(entry)).not.toMatch(/USU_CLAVE|ADM_CLAVE|FIR_CLAVE/);
  });

  it('eliminar una empresa queda en la auditoría, aunque su historial se va con ella', async () => {
    const company = await registerCompany(t);
    const res = await call('DELETE', `/empresas/${company.EMP_CODIGO}`);
    expect(res.statusCode, res.body).toBe(200);
    const [removal] = await entries(company.EMP_CODIGO);
    expect(removal).toMatchObject({ AUD_ACCION: 'eliminacion', AUD_ANTES: { EMP_RUC: company.EMP_RUC }, AUD_DESPUES: null });
  });
});
