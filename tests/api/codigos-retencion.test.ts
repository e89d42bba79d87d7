import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { auditoria, empresas, retencionesDetalles, usuarios } from '../../server/infra/db/schema';
import { borrador, crearOk, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { hashPassword } from '../../server/infra/passwords';
import { CODIGO_RETENCION_MSG } from '../../domain/codigosRetencion';

type Codigo = {
  RCO_ID: number;
  RCO_IMPUESTO: string;
  RCO_CODIGO: string;
  RCO_CONCEPTO: string;
  RCO_PORCENTAJE: string;
  RCO_DESDE: string;
  RCO_HASTA: string | null;
  enVigor?: boolean;
  usos?: number;
};

const HOY = '2026-11-29';

describe.each(testDatabases)('codigosRetencion: la tabla de códigos de retención del SRI (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  let tornillo: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await loginAdmin(t)).token;
    distributor = (await loginAdmin(t, DEMO.distribuidor)).token;
    tornillo = (await loginCompany(t, COMPANIES.tornillo)).token;
  });
  afterAll(() => t.close());

  const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url: `${API}/codigosRetencion${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const adminList = async (filter: object, sort?: [string, string]) => {
    const query = `?range=${encodeURIComponent('[0,499]')}&filter=${encodeURIComponent(JSON.stringify(filter))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}`;
    const res = await adminCall('GET', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Codigo[];
  };
  const vigentes = async (query: string, token = tornillo) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/codigosRetencion?${query}`, headers: { 'x-token': token } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Codigo[];
  };
  const porcentajes = (rows: Codigo[]) => Object.fromEntries(rows.map((r) => [`${r.RCO_IMPUESTO}/${r.RCO_CODIGO}`, r.RCO_PORCENTAJE]));
  const auditOf = (id: number) =>
    t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.AUD_RECURSO, 'codigosRetencion'), eq(auditoria.AUD_REGISTRO, String(id))))
      .orderBy(desc(auditoria.AUD_ID));
  let serial = 0;
  // Codes of this file only (a 399x renta code the SRI does not use), one per test.
  const nuevoCodigo = () => `39${kind === 'pglite' ? '8' : '9'}${String.fromCharCode(65 + serial++)}`;
  const datos = (overrides: Record<string, unknown> = {}) => ({
    RCO_IMPUESTO: '1',
    RCO_CODIGO: nuevoCodigo(),
    RCO_CONCEPTO: 'Concepto de prueba',
    RCO_PORCENTAJE: 2.5,
    RCO_DESDE: '2026-01-01',
    ...overrides,
  });

  it('viene con los porcentajes en vigor el 2026-11-29 (NAC-DGERCGC26-00000009) y los de antes de marzo de 2026', async () => {
    const hoy = porcentajes(await vigentes(`fecha=${HOY}`));
    expect(hoy).toMatchObject({
      '1/303': '10.00',
      '1/303A': '5.00',
      '1/304': '10.00',
      '1/307': '3.00',
      '1/309': '3.00',
      '1/310': '1.00',
      '1/312': '2.00',
      '1/312A': '1.00',
      '1/320': '10.00',
      '1/322': '2.00',
      '1/332': '0.00',
      '1/343': '1.00',
      '1/343B': '2.00',
      '1/3440': '3.00',
      '2/9': '10.00',
      '2/10': '20.00',
      '2/1': '30.00',
      '2/11': '50.00',
      '2/2': '70.00',
      '2/3': '100.00',
      '2/7': '0.00',
      '2/8': '0.00',
      '6/4580': '5.00',
    });
    // Before the 2026 resolution: the 2020 percentages (NAC-DGERCGC20-00000020).
    expect(porcentajes(await vigentes('fecha=2026-02-28&impuesto=1'))).toMatchObject({
      '1/312': '1.75',
      '1/322': '1.75',
      '1/343B': '1.75',
      '1/3440': '2.75',
    });
    expect(porcentajes(await vigentes('fecha=2026-03-01&impuesto=1'))).toMatchObject({ '1/312': '2.00', '1/3440': '3.00' });
  });

  it('la empresa lee las filas en vigor en una fecha, por impuesto y código; sin fecha válida es un 400', async () => {
    const todas = await vigentes(`fecha=${HOY}`);
    const orden = todas.map((r) => [r.RCO_IMPUESTO, r.RCO_CODIGO]);
    expect(orden).toEqual([...orden].sort((a, b) => a[0].localeCompare(b[0]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    // One row per tax and code on a given day.
    expect(new Set(todas.map((r) => `${r.RCO_IMPUESTO}/${r.RCO_CODIGO}`)).size).toBe(todas.length);
    const iva = await vigentes(`fecha=${HOY}&impuesto=2`);
    expect(iva.map((r) => r.RCO_CODIGO).sort()).toEqual(['1', '10', '11', '2', '3', '7', '8', '9']);
    expect(await vigentes('fecha=2019-12-31')).toEqual([]);

    for (const query of ['', 'fecha=29/11/2026', 'fecha=2026-02-30', `fecha=${HOY}&impuesto=3`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/codigosRetencion?${query}`, headers: { 'x-token': tornillo } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg).toMatch(/fecha|impuesto/i);
    }
  });

  it('el administrador crea, cierra y agrega el nuevo porcentaje; dos filas del mismo código no rigen el mismo día', async () => {
    const codigo = nuevoCodigo();
    const created = await adminCall('POST', '', datos({ RCO_CODIGO: codigo, RCO_CONCEPTO: '  Servicios de prueba  ' }));
    expect(created.statusCode, created.body).toBe(201);
    const primera = created.json() as Codigo;
    expect(primera).toMatchObject({
      RCO_CODIGO: codigo,
      RCO_CONCEPTO: 'Servicios de prueba',
      RCO_PORCENTAJE: '2.50',
      RCO_HASTA: null,
      enVigor: true,
      usos: 0,
    });
    expect((await auditOf(primera.RCO_ID))[0]).toMatchObject({ AUD_ACCION: 'creacion' });

    // A new percentage from June while the first is still open: refused, with what to do.
    const solapada = await adminCall('POST', '', datos({ RCO_CODIGO: codigo, RCO_PORCENTAJE: 3, RCO_DESDE: '2026-06-01' }));
    expect(solapada.statusCode).toBe(400);
    expect(solapada.json().msg).toBe(CODIGO_RETENCION_MSG.solapado('1', codigo, '2026-01-01', null));

    const cerrada = await adminCall(
      'PUT',
      `/${primera.RCO_ID}`,
      datos({ RCO_CODIGO: codigo, RCO_CONCEPTO: 'Servicios de prueba', RCO_HASTA: '2026-05-31' }),
    );
    expect(cerrada.statusCode, cerrada.body).toBe(200);
    expect(cerrada.json()).toMatchObject({ RCO_HASTA: '2026-05-31', enVigor: false });
    expect((await auditOf(primera.RCO_ID))[0]).toMatchObject({
      AUD_ACCION: 'edicion',
      AUD_ANTES: { RCO_HASTA: null },
      AUD_DESPUES: { RCO_HASTA: '2026-05-31' },
    });

    const segunda = await adminCall('POST', '', datos({ RCO_CODIGO: codigo, RCO_PORCENTAJE: 3, RCO_DESDE: '2026-06-01' }));
    expect(segunda.statusCode, segunda.body).toBe(201);
    expect(porcentajes(await vigentes('fecha=2026-05-31&impuesto=1'))[`1/${codigo}`]).toBe('2.50');
    expect(porcentajes(await vigentes('fecha=2026-06-01&impuesto=1'))[`1/${codigo}`]).toBe('3.00');

    // Reopening the first would overlap the second.
    const reabierta = await adminCall('PUT', `/${primera.RCO_ID}`, datos({ RCO_CODIGO: codigo, RCO_HASTA: null }));
    expect(reabierta.statusCode).toBe(400);
    expect(reabierta.json().msg).toBe(CODIGO_RETENCION_MSG.solapado('1', codigo, '2026-06-01', null));
    // The same code of another tax is another row.
    expect((await adminCall('POST', '', datos({ RCO_IMPUESTO: '6', RCO_CODIGO: codigo }))).statusCode).toBe(201);

    // The list: by tax, code and period; filters by tax, text and day in force.
    const lista = await adminList({ q: codigo });
    expect(lista.map((r) => [r.RCO_IMPUESTO, r.RCO_DESDE])).toEqual([
      ['1', '2026-01-01'],
      ['1', '2026-06-01'],
      ['6', '2026-01-01'],
    ]);
    expect((await adminList({ q: codigo, RCO_IMPUESTO: '6' })).map((r) => r.RCO_IMPUESTO)).toEqual(['6']);
    expect((await adminList({ q: codigo, vigentes: '2026-03-15' })).map((r) => r.RCO_PORCENTAJE)).toEqual(['2.50', '2.50']);
    expect((await adminList({ q: 'bienes muebles', vigentes: HOY })).map((r) => [r.RCO_CODIGO, r.RCO_PORCENTAJE])).toEqual([
      ['312', '2.00'],
    ]);
    expect((await adminCall('GET', `?filter=${encodeURIComponent('{"vigentes":"ayer"}')}`)).json().msg).toBe(
      CODIGO_RETENCION_MSG.vigentesInvalido,
    );
  });

  it('rechaza en español lo que la tabla no admite', async () => {
    const casos: Array<[Record<string, unknown>, string]> = [
      [{ RCO_PORCENTAJE: 100.5 }, CODIGO_RETENCION_MSG.porcentajeInvalido],
      [{ RCO_PORCENTAJE: -1 }, CODIGO_RETENCION_MSG.porcentajeInvalido],
      [{ RCO_PORCENTAJE: 1.755 }, CODIGO_RETENCION_MSG.porcentajeInvalido],
      [{ RCO_CODIGO: 'A12' }, CODIGO_RETENCION_MSG.codigoInvalido],
      [{ RCO_CODIGO: '123456' }, CODIGO_RETENCION_MSG.codigoInvalido],
      [{ RCO_IMPUESTO: '3' }, CODIGO_RETENCION_MSG.impuestoInvalido],
      [{ RCO_DESDE: '2026-02-30' }, CODIGO_RETENCION_MSG.fechaInvalida],
      [{ RCO_DESDE: '2026-05-01', RCO_HASTA: '2026-04-30' }, CODIGO_RETENCION_MSG.periodoInvalido],
      [{ RCO_CONCEPTO: '   ' }, CODIGO_RETENCION_MSG.conceptoRequerido],
    ];
    for (const [overrides, msg] of casos) {
      const res = await adminCall('POST', '', datos(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().msg, JSON.stringify(overrides)).toBe(msg);
    }
    expect((await adminCall('PUT', '/99999999', datos())).statusCode).toBe(404);
    expect((await adminCall('DELETE', '/99999999')).statusCode).toBe(404);
  });

  it('elimina un código sin usos; uno que una retención aplicó se cierra, no se elimina (409)', async () => {
    const libre = (await adminCall('POST', '', datos())).json() as Codigo;
    const eliminado = await adminCall('DELETE', `/${libre.RCO_ID}`);
    expect(eliminado.statusCode, eliminado.body).toBe(200);
    expect(eliminado.json()).toEqual({ RCO_ID: libre.RCO_ID, msg: CODIGO_RETENCION_MSG.eliminado(libre.RCO_CODIGO) });
    expect((await adminCall('GET', `/${libre.RCO_ID}`)).statusCode).toBe(404);
    expect((await auditOf(libre.RCO_ID))[0]).toMatchObject({ AUD_ACCION: 'eliminacion', AUD_ANTES: { RCO_CODIGO: libre.RCO_CODIGO } });

    // A withholding line that applied the code (written as a retención's line is stored, on one of Tornillo's documents).
    const usado = (await adminCall('POST', '', datos())).json() as Codigo;
    const [empresa] = await t.db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
    // The line hangs on a draft of Tornillo's (the retenciones' own API has its tests).
    const documento = {
      id: await crearOk(t, tornillo, borrador(await puntoPrincipal(t, empresa.id), await nuevoCliente(t, empresa.id, 731))),
    };
    await t.db.insert(retencionesDetalles).values({
      FAC_CODIGO: documento.id,
      RDE_LINEA: 900,
      RSU_LINEA: 1,
      RDE_IMPUESTO: '1',
      RCO_ID: usado.RCO_ID,
      RDE_CODIGO: usado.RCO_CODIGO,
      RDE_BASE: '100.00',
      RDE_PORCENTAJE: '2.50',
      RDE_VALOR: '2.50',
    });
    try {
      expect((await adminCall('GET', `/${usado.RCO_ID}`)).json()).toMatchObject({ usos: 1 });
      const res = await adminCall('DELETE', `/${usado.RCO_ID}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(CODIGO_RETENCION_MSG.enUso(1));
      const cerrado = await adminCall('PUT', `/${usado.RCO_ID}`, { ...datos(), RCO_CODIGO: usado.RCO_CODIGO, RCO_HASTA: '2026-10-31' });
      expect(cerrado.statusCode, cerrado.body).toBe(200);
      expect(porcentajes(await vigentes(`fecha=${HOY}&impuesto=1`))[`1/${usado.RCO_CODIGO}`]).toBeUndefined();
    } finally {
      await t.db
        .delete(retencionesDetalles)
        .where(and(eq(retencionesDetalles.FAC_CODIGO, documento.id), eq(retencionesDetalles.RDE_LINEA, 900)));
    }
  });

  it('solo el menú codigosRetencion administra la tabla; las empresas la leen y no la escriben', async () => {
    // The distributor's profile has no "Códigos de retención" entry.
    for (const [method, url] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', '/1'],
      ['PUT', '/1'],
      ['DELETE', '/1'],
    ] as const) {
      const res = await adminCall(method, url, method === 'POST' || method === 'PUT' ? datos() : undefined, distributor);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SIN_ACCESO' });
    }
    // A company's token opens no back-office route, and the companies' path has no writes.
    expect((await adminCall('POST', '', datos(), tornillo)).statusCode).toBe(403);
    const escribe = await t.app.inject({
      method: 'POST',
      url: '/api/codigosRetencion',
      headers: { 'x-token': tornillo },
      payload: datos(),
    });
    expect(escribe.statusCode).toBe(404);
    // An administration token does not read the companies' path.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/codigosRetencion?fecha=${HOY}`, headers: { 'x-token': admin } })).statusCode,
    ).toBe(403);

    // A seller opens nothing of the purchase side.
    const [empresa] = await t.db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
    await t.db.insert(usuarios).values({
      COM_CODIGO: empresa.id,
      USU_USUARIO: `rco.vendedor.${kind}`,
      USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
      USU_ROL: 'vendedor',
    });
    const seller = (await loginCompany(t, { ...COMPANIES.tornillo, usuario: `rco.vendedor.${kind}` })).token;
    const res = await t.app.inject({ method: 'GET', url: `/api/codigosRetencion?fecha=${HOY}`, headers: { 'x-token': seller } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ROL_SIN_PERMISO' });
  });
});
