import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { multipart, startTestApp, testSetups, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { storedFiles } from '../helpers/soporte-api';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { PAYMENT_FILE } from '../../domain/archivos';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { bancos, empresas, empresasHistorial, pagos } from '../../server/infra/db/schema';

/** A small but real PDF document. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]);
/** The first bytes of a Windows executable. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);
const yesterday = () => sumarDias(hoyEcuador(), -1);
const tomorrow = () => sumarDias(hoyEcuador(), 1);

type Part = [name: string, value: string] | [name: 'current', content: Buffer, fileName: string];

/** A multipart body with its parts in the given order, as a browser's FormData sends it. */
async function form(parts: Part[]) {
  const data = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)]), fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe.each(testSetups)('pagos de una empresa: /empresas/pago, /pagos, /descarga, /bancos (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let admin: string;
  let distributor: { token: string; ADM_CODIGO: number };
  let banks: Array<{ BAN_CODIGO: number; BAN_NOMBRE: string }>;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    admin = (await loginAdmin(t)).token;
    distributor = await loginAdmin(t, DEMO.distribuidor);
    banks = await t.db.select().from(bancos).orderBy(bancos.BAN_CODIGO);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ 'x-token': token });
  const fields = (overrides: Record<string, string | undefined> = {}) => {
    const values: Record<string, string | undefined> = {
      monto: '45.50',
      fecha: yesterday(),
      banco: String(banks[0].BAN_CODIGO),
      referencia: 'DEP 2026/001',
      ...overrides,
    };
    return Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
  };
  const send = async (empresa: number, parts: Part[], token = admin) => {
    const body = await form(parts);
    return t.app.inject({
      method: 'POST',
      url: `${API}/empresas/pago/${empresa}`,
      payload: body.payload,
      headers: { ...body.headers, ...as(token) },
    });
  };
  const pay = (empresa: number, file: Buffer = PDF, name = 'depósito marzo.pdf', overrides = {}, token = admin) =>
    send(empresa, [...fields(overrides), ['current', file, name]], token);
  const list = (empresa: number, token = admin) =>
    t.app.inject({ method: 'GET', url: `${API}/empresas/pagos/${empresa}`, headers: as(token) });
  const download = (a: number, b: number, token = admin) =>
    t.app.inject({ method: 'GET', url: `${API}/empresas/descarga/${a}/${b}`, headers: as(token) });
  const remove = (empresa: number, pago: number, token = admin) =>
    t.app.inject({ method: 'DELETE', url: `${API}/empresas/pago/${empresa}/${pago}`, headers: as(token) });
  const paymentsOf = (empresa: number) => t.db.select().from(pagos).where(eq(pagos.EMP_CODIGO, empresa));

  it('GET /empresas/bancos lista los bancos activos a administradores y distribuidores; un token de empresa recibe 403', async () => {
    const [inactive] = await t.db
      .insert(bancos)
      .values({ BAN_NOMBRE: 'Banco Cerrado', BAN_TIPO_CUENTA: 'AHORROS', BAN_NUMERO: '1', BAN_ACTIVO: false })
      .returning();
    for (const token of [admin, distributor.token]) {
      const res = await t.app.inject({ method: 'GET', url: `${API}/empresas/bancos`, headers: as(token) });
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<Record<string, unknown>>;
      expect(rows.map((r) => r.BAN_NOMBRE)).toEqual(['Banco Guayaquil', 'Banco Pichincha', 'Produbanco']);
      expect(rows[0]).toEqual({
        BAN_CODIGO: expect.any(Number),
        BAN_NOMBRE: 'Banco Guayaquil',
        BAN_TIPO_CUENTA: 'AHORROS',
        BAN_NUMERO: '0012345678',
      });
    }
    const companyToken = (await loginCompany(t)).token;
    const refused = await t.app.inject({ method: 'GET', url: `${API}/empresas/bancos`, headers: as(companyToken) });
    expect([refused.statusCode, refused.json()]).toEqual([403, { msg: MSG.adminOnly }]);
    expect((await t.app.inject({ method: 'GET', url: `${API}/empresas/bancos` })).statusCode).toBe(401);
    await t.db.delete(bancos).where(eq(bancos.BAN_CODIGO, inactive.BAN_CODIGO));
  });

  it('registra un pago (201), lo lista con banco y archivo, y la descarga devuelve los mismos bytes y el nombre original', async () => {
    const company = await registerCompany(t);
    const res = await pay(company.EMP_CODIGO);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      PAG_CODIGO: expect.any(Number),
      ARC_NOMBRE: 'depósito marzo.pdf',
      ARC_TAMANO: PDF.length,
      msg: 'Pago registrado',
    });
    const { PAG_CODIGO } = res.json();

    const listed = await list(company.EMP_CODIGO);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        PAG_CODIGO,
        PAG_ORIGEN: 'admin',
        PAG_REFERENCIA: 'DEP 2026/001',
        PAG_MONTO: '45.50',
        PAG_FECHAPAGO: yesterday(),
        BAN_CODIGO: banks[0].BAN_CODIGO,
        BAN_NOMBRE: banks[0].BAN_NOMBRE,
        ARC_NOMBRE: 'depósito marzo.pdf',
        ARC_TAMANO: PDF.length,
        PAG_FECHA: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        ADM_USUARIO: DEMO.admin.usuario,
      },
    ]);

    const file = await download(company.EMP_CODIGO, PAG_CODIGO);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="dep_sito marzo.pdf"; filename*=UTF-8''dep%C3%B3sito%20marzo.pdf`,
    );

    const [entry] = await t.db
      .select()
      .from(empresasHistorial)
      .where(and(eq(empresasHistorial.EMP_CODIGO, company.EMP_CODIGO), eq(empresasHistorial.HIS_ACCION, 'pago')));
    expect(entry.HIS_DESCRIPCION).toBe(
      `Se registró un pago de USD 45.50 del ${yesterday()} en ${banks[0].BAN_NOMBRE} (referencia DEP 2026/001), archivo depósito marzo.pdf`,
    );
  });

  it('el comprobante del registro aparece en la lista (PAG_ORIGEN registro), después del pago más reciente, y se descarga', async () => {
    const company = await registerCompany(t);
    const proof = multipart('current', 'comprobante registro.jpg', JPG, 'image/jpeg');
    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/registro/pago/${company.EMP_CODIGO}/${company.EMP_RUC}/TRF-77`,
      payload: proof.payload,
      headers: { ...proof.headers, 'x-token': company.tokenPago },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await pay(company.EMP_CODIGO, PDF, 'mensualidad.pdf')).statusCode).toBe(201);

    const rows = (await list(company.EMP_CODIGO)).json() as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.PAG_ORIGEN, r.ARC_NOMBRE])).toEqual([
      ['admin', 'mensualidad.pdf'],
      ['registro', 'comprobante registro.jpg'],
    ]);
    expect(rows[1]).toMatchObject({ PAG_REFERENCIA: 'TRF-77', PAG_MONTO: null, PAG_FECHAPAGO: null, BAN_NOMBRE: null, ADM_USUARIO: null });
    const file = await download(company.EMP_CODIGO, rows[1].PAG_CODIGO as number);
    expect(file.rawPayload.equals(JPG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // The registration's proof is the company's evidence: it cannot be deleted.
    const refused = await remove(company.EMP_CODIGO, rows[1].PAG_CODIGO as number);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { msg: 'El comprobante del registro no se elimina: es la prueba de pago de la empresa' },
    ]);
  });

  it.each([
    ['monto', undefined, 'El campo monto es obligatorio y debe enviarse antes del archivo'],
    ['monto', '0', 'El campo monto debe ser un valor en dólares mayor que 0, con hasta 2 decimales (por ejemplo 45.50)'],
    ['monto', '-5', 'El campo monto debe ser un valor en dólares mayor que 0, con hasta 2 decimales (por ejemplo 45.50)'],
    ['monto', '10.555', 'El campo monto debe ser un valor en dólares mayor que 0, con hasta 2 decimales (por ejemplo 45.50)'],
    ['monto', '1,50', 'El campo monto debe ser un valor en dólares mayor que 0, con hasta 2 decimales (por ejemplo 45.50)'],
    ['monto', '12345678901', 'El campo monto debe ser un valor en dólares mayor que 0, con hasta 2 decimales (por ejemplo 45.50)'],
    ['fecha', undefined, 'El campo fecha es obligatorio y debe enviarse antes del archivo'],
    ['fecha', '2026-02-30', 'El campo fecha debe ser una fecha AAAA-MM-DD que no sea futura'],
    ['fecha', '15/03/2026', 'El campo fecha debe ser una fecha AAAA-MM-DD que no sea futura'],
    ['fecha', 'FUTURE', 'El campo fecha debe ser una fecha AAAA-MM-DD que no sea futura'],
    ['banco', undefined, 'El campo banco es obligatorio y debe enviarse antes del archivo'],
    ['banco', 'x', 'El campo banco debe ser uno de los bancos activos de la lista'],
    ['banco', '999999', 'El campo banco debe ser uno de los bancos activos de la lista'],
    ['referencia', undefined, 'El campo referencia es obligatorio y debe enviarse antes del archivo'],
    ['referencia', '   ', 'El campo referencia es obligatorio'],
    ['referencia', 'r'.repeat(61), 'El campo referencia admite de 1 a 60 letras, números, espacios y los signos . _ / # -'],
    ['referencia', 'DEP\u202e001', 'El campo referencia admite de 1 a 60 letras, números, espacios y los signos . _ / # -'],
  ])('%s = %j responde 400 "%s" y no deja archivo ni fila', async (field, value, msg) => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const res = await pay(company.EMP_CODIGO, PDF, 'pago.pdf', { [field]: value === 'FUTURE' ? tomorrow() : value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg });
    expect(await storedFiles(t)).toEqual(before);
    expect(await paymentsOf(company.EMP_CODIGO)).toHaveLength(0);
  });

  it('los campos enviados después del archivo cuentan como ausentes', async () => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const res = await send(company.EMP_CODIGO, [['current', PDF, 'pago.pdf'], ...fields()]);
    expect([res.statusCode, res.json()]).toEqual([400, { msg: 'El campo monto es obligatorio y debe enviarse antes del archivo' }]);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('un banco inactivo se rechaza', async () => {
    const company = await registerCompany(t);
    const [closed] = await t.db
      .insert(bancos)
      .values({ BAN_NOMBRE: 'Banco Viejo', BAN_TIPO_CUENTA: 'AHORROS', BAN_NUMERO: '9', BAN_ACTIVO: false })
      .returning();
    const res = await pay(company.EMP_CODIGO, PDF, 'pago.pdf', { banco: String(closed.BAN_CODIGO) });
    expect([res.statusCode, res.json()]).toEqual([400, { msg: 'El campo banco debe ser uno de los bancos activos de la lista' }]);
    await t.db.delete(bancos).where(eq(bancos.BAN_CODIGO, closed.BAN_CODIGO));
  });

  it.each([
    ['programa.exe', EXE, 400, MSG.paymentFileType],
    ['disfrazado.pdf', EXE, 400, MSG.paymentFileType],
    ['documento.docx', PDF, 400, MSG.paymentFileType],
  ])('el archivo %s se rechaza (%s) sin dejar nada en el almacenamiento', async (name, content, status, msg) => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const res = await pay(company.EMP_CODIGO, content, name);
    expect([res.statusCode, res.json()]).toEqual([status, { msg }]);
    expect(await storedFiles(t)).toEqual(before);
    expect(await paymentsOf(company.EMP_CODIGO)).toHaveLength(0);
  });

  it('un comprobante de más de 15 MB responde 413 sin dejar nada en el almacenamiento', async () => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const tooBig = Buffer.alloc(PAYMENT_FILE.maxBytes + 1, 0x20);
    PDF.copy(tooBig);
    const res = await pay(company.EMP_CODIGO, tooBig, 'grande.pdf');
    expect([res.statusCode, res.json()]).toEqual([413, { msg: MSG.paymentFileSize }]);
    expect(await storedFiles(t)).toEqual(before);
    expect(await paymentsOf(company.EMP_CODIGO)).toHaveLength(0);
  });

  it('sin archivo responde 400 Adjunte un archivo', async () => {
    const company = await registerCompany(t);
    const res = await send(company.EMP_CODIGO, fields());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: MSG.fileRequired });
  });

  it('la descarga con un par empresa/pago que no corresponde, o de un pago inexistente, responde 404', async () => {
    const mine = await registerCompany(t);
    const other = await registerCompany(t);
    const { PAG_CODIGO } = (await pay(mine.EMP_CODIGO)).json();
    for (const [a, b] of [
      [other.EMP_CODIGO, PAG_CODIGO],
      [mine.EMP_CODIGO, 2147483647],
      [2147483647, PAG_CODIGO],
    ]) {
      const res = await download(a, b);
      expect([res.statusCode, res.json()]).toEqual([404, { msg: MSG.notFound }]);
    }
  });

  it('un distribuidor recibe 404 en la lista, la subida, la descarga y el borrado de pagos de una empresa ajena; en las suyas trabaja', async () => {
    const company = await registerCompany(t);
    const { PAG_CODIGO } = (await pay(company.EMP_CODIGO)).json();
    const before = await storedFiles(t);
    for (const res of [
      await list(company.EMP_CODIGO, distributor.token),
      await pay(company.EMP_CODIGO, PDF, 'intruso.pdf', {}, distributor.token),
      await download(company.EMP_CODIGO, PAG_CODIGO, distributor.token),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { msg: MSG.notFound }]);
    }
    expect(await storedFiles(t)).toEqual(before);
    expect(await paymentsOf(company.EMP_CODIGO)).toHaveLength(1);

    await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: distributor.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
    expect((await list(company.EMP_CODIGO, distributor.token)).json()).toHaveLength(1);
    expect((await download(company.EMP_CODIGO, PAG_CODIGO, distributor.token)).rawPayload.equals(PDF)).toBe(true);
    const mine = await pay(company.EMP_CODIGO, JPG, 'foto.jpg', {}, distributor.token);
    expect(mine.statusCode).toBe(201);
    // Deleting is for administrators only.
    const refused = await remove(company.EMP_CODIGO, mine.json().PAG_CODIGO, distributor.token);
    expect([refused.statusCode, refused.json()]).toEqual([403, { msg: MSG.forbidden }]);
  });

  it('un token de empresa responde 403 en cada ruta de pagos', async () => {
    const company = await registerCompany(t);
    const { PAG_CODIGO } = (await pay(company.EMP_CODIGO)).json();
    const companyToken = (await loginCompany(t, company.login)).token;
    for (const res of [
      await list(company.EMP_CODIGO, companyToken),
      await pay(company.EMP_CODIGO, PDF, 'pago.pdf', {}, companyToken),
      await download(company.EMP_CODIGO, PAG_CODIGO, companyToken),
      await remove(company.EMP_CODIGO, PAG_CODIGO, companyToken),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([403, { msg: MSG.adminOnly }]);
    }
  });

  it('DELETE (administrador) quita el pago y su archivo, y lo anota en el historial', async () => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const { PAG_CODIGO } = (await pay(company.EMP_CODIGO)).json();
    expect(await storedFiles(t)).toHaveLength(before.length + 1);
    const res = await remove(company.EMP_CODIGO, PAG_CODIGO);
    expect([res.statusCode, res.json()]).toEqual([200, { msg: 'Se eliminó el pago con referencia DEP 2026/001' }]);
    expect(await paymentsOf(company.EMP_CODIGO)).toHaveLength(0);
    expect(await storedFiles(t)).toEqual(before);
    expect((await remove(company.EMP_CODIGO, PAG_CODIGO)).statusCode).toBe(404);
    const entries = await t.db
      .select()
      .from(empresasHistorial)
      .where(and(eq(empresasHistorial.EMP_CODIGO, company.EMP_CODIGO), eq(empresasHistorial.HIS_ACCION, 'pago')));
    expect(entries.map((e) => e.HIS_DESCRIPCION).at(-1)).toBe('Se eliminó el pago con referencia DEP 2026/001');
  });
});
