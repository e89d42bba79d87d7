import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { multipart, startTestApp, testSetups, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { storedFiles } from '../helpers/soporte-api';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { archivos, empresas, empresasHistorial } from '../../server/infra/db/schema';
import { LOGO_FILE, LOGO_MSG } from '../../domain/logos';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG = Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.from('\x00\x00\x00\x0dIHDR', 'latin1'), Buffer.alloc(600, 3)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(900, 9)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(200, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(testSetups)('logo para documentos impresos: /empresas/logo y /miEmpresa/logo (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let admin: string;
  let distributor: { token: string; ADM_CODIGO: number };
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    admin = (await loginAdmin(t)).token;
    distributor = await loginAdmin(t, DEMO.distribuidor);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ 'x-token': token });
  const url = (empresa: number) => `${API}/empresas/logo/${empresa}`;
  const upload = (empresa: number, content: Buffer, name: string, token = admin) => {
    const body = multipart('current', name, content, 'image/png');
    return t.app.inject({ method: 'POST', url: url(empresa), payload: body.payload, headers: { ...body.headers, ...as(token) } });
  };
  const read = (empresa: number, token = admin) => t.app.inject({ method: 'GET', url: url(empresa), headers: as(token) });
  const remove = (empresa: number, token = admin) => t.app.inject({ method: 'DELETE', url: url(empresa), headers: as(token) });
  const ficha = async (empresa: number) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/empresas/${empresa}`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    return res.json() as { EMP_LOGO: string | null; EMP_VERSION: number };
  };
  const logoHistory = async (empresa: number) =>
    (
      await t.db
        .select()
        .from(empresasHistorial)
        .where(and(eq(empresasHistorial.EMP_CODIGO, empresa), eq(empresasHistorial.HIS_ACCION, 'datos')))
        .orderBy(empresasHistorial.HIS_ID)
    ).map((h) => ({ descripcion: h.HIS_DESCRIPCION, antes: h.HIS_ANTES, despues: h.HIS_DESPUES, usuario: h.HIS_USUARIO }));

  it('eliminar la empresa borra su logo: ni su fila en archivos ni sus bytes quedan', async () => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const logo = (await upload(company.EMP_CODIGO, PNG, 'logo.png')).json().EMP_LOGO as string;
    expect(await storedFiles(t)).toEqual([...before, logo].sort());
    const res = await t.app.inject({ method: 'DELETE', url: `${API}/empresas/${company.EMP_CODIGO}`, headers: as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedFiles(t)).toEqual(before);
    expect(await t.db.select().from(archivos).where(eq(archivos.ARC_ID, logo))).toEqual([]);
  });

  it('sube un PNG, lo devuelve igual como image/png, la ficha lo indica y la versión no cambia; un JPEG lo reemplaza y borra el anterior', async () => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const { EMP_VERSION } = await ficha(company.EMP_CODIGO);
    expect((await ficha(company.EMP_CODIGO)).EMP_LOGO).toBeNull();

    const png = await upload(company.EMP_CODIGO, PNG, 'logo empresa.png');
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toEqual({
      EMP_LOGO: expect.any(String),
      ARC_NOMBRE: 'logo empresa.png',
      ARC_TIPO: 'image/png',
      ARC_TAMANO: PNG.length,
      msg: 'Logo actualizado',
    });
    const first = png.json().EMP_LOGO as string;
    expect(await storedFiles(t)).toEqual([...before, first].sort());
    expect(await ficha(company.EMP_CODIGO)).toMatchObject({ EMP_LOGO: first, EMP_VERSION });
    const shown = await read(company.EMP_CODIGO);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);

    const jpg = await upload(company.EMP_CODIGO, JPG, 'logo.JPEG');
    expect(jpg.statusCode, jpg.body).toBe(200);
    expect(jpg.json()).toMatchObject({ ARC_TIPO: 'image/jpeg', ARC_TAMANO: JPG.length });
    const second = jpg.json().EMP_LOGO as string;
    expect(second).not.toBe(first);
    // The previous logo is gone, its row and its bytes, in the same operation.
    expect(await storedFiles(t)).toEqual([...before, second].sort());
    expect(await t.db.select().from(archivos).where(eq(archivos.ARC_ID, first))).toEqual([]);
    const replaced = await read(company.EMP_CODIGO);
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect(replaced.rawPayload.equals(JPG)).toBe(true);
    expect(await ficha(company.EMP_CODIGO)).toMatchObject({ EMP_LOGO: second, EMP_VERSION });

    expect(await logoHistory(company.EMP_CODIGO)).toEqual([
      {
        descripcion: 'Logo actualizado',
        antes: { EMP_LOGO: null },
        despues: { EMP_LOGO: 'logo empresa.png (1 kB)' },
        usuario: DEMO.admin.usuario,
      },
      {
        descripcion: 'Logo actualizado',
        antes: { EMP_LOGO: 'logo empresa.png (1 kB)' },
        despues: { EMP_LOGO: 'logo.JPEG (1 kB)' },
        usuario: DEMO.admin.usuario,
      },
    ]);
  });

  it.each([
    ['un GIF con nombre .png', GIF, 'logo.png'],
    ['un PDF con nombre .png', PDF, 'logo.png'],
    ['un PDF con nombre .jpg', PDF, 'logo.jpg'],
    ['un PNG con nombre .gif', PNG, 'logo.gif'],
    ['un PNG con nombre .pdf', PNG, 'logo.pdf'],
  ])('%s responde 400 y no deja nada', async (_, content, name) => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const res = await upload(company.EMP_CODIGO, content, name);
    expect([res.statusCode, res.json()]).toEqual([400, { msg: LOGO_MSG.fileType }]);
    expect(await storedFiles(t)).toEqual(before);
    expect((await ficha(company.EMP_CODIGO)).EMP_LOGO).toBeNull();
    expect(await logoHistory(company.EMP_CODIGO)).toEqual([]);
  });

  it('un logo de más de 1 MB responde 413, no deja nada y el logo anterior sigue', async () => {
    const company = await registerCompany(t);
    const { EMP_LOGO } = (await upload(company.EMP_CODIGO, PNG, 'logo.png')).json();
    const before = await storedFiles(t);
    const tooBig = Buffer.alloc(LOGO_FILE.maxBytes + 1, 0x20);
    PNG.copy(tooBig);
    const res = await upload(company.EMP_CODIGO, tooBig, 'enorme.png');
    expect([res.statusCode, res.json()]).toEqual([413, { msg: LOGO_MSG.fileSize }]);
    expect(await storedFiles(t)).toEqual(before);
    expect((await ficha(company.EMP_CODIGO)).EMP_LOGO).toBe(EMP_LOGO);
    expect((await read(company.EMP_CODIGO)).rawPayload.equals(PNG)).toBe(true);
    // Exactly the limit is accepted.
    const atLimit = Buffer.alloc(LOGO_FILE.maxBytes, 0x20);
    PNG.copy(atLimit);
    expect((await upload(company.EMP_CODIGO, atLimit, 'justo.png')).statusCode).toBe(200);
  });

  it('sin archivo responde 400 Adjunte un archivo', async () => {
    const company = await registerCompany(t);
    const body = multipart('otro', 'logo.png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: url(company.EMP_CODIGO),
      payload: body.payload,
      headers: { ...body.headers, ...as(admin) },
    });
    expect([res.statusCode, res.json()]).toEqual([400, { msg: MSG.fileRequired }]);
  });

  it('DELETE quita el logo y su archivo, lo anota en el historial; sin logo GET y DELETE responden 404', async () => {
    const company = await registerCompany(t);
    const before = await storedFiles(t);
    const { EMP_LOGO } = (await upload(company.EMP_CODIGO, JPG, 'marca.jpg')).json();
    const res = await remove(company.EMP_CODIGO);
    expect([res.statusCode, res.json()]).toEqual([200, { msg: 'Logo quitado' }]);
    expect(await storedFiles(t)).toEqual(before);
    expect(await t.db.select().from(archivos).where(eq(archivos.ARC_ID, EMP_LOGO))).toEqual([]);
    expect((await ficha(company.EMP_CODIGO)).EMP_LOGO).toBeNull();
    const none = { msg: 'La empresa no tiene logo para documentos impresos' };
    for (const again of [await read(company.EMP_CODIGO), await remove(company.EMP_CODIGO)]) {
      expect([again.statusCode, again.json()]).toEqual([404, none]);
    }
    expect((await logoHistory(company.EMP_CODIGO)).at(-1)).toEqual({
      descripcion: 'Logo quitado',
      antes: { EMP_LOGO: 'marca.jpg (1 kB)' },
      despues: { EMP_LOGO: null },
      usuario: DEMO.admin.usuario,
    });
  });

  it('un distribuidor recibe 404 al subir, ver y quitar el logo de una empresa ajena; en las suyas trabaja', async () => {
    const company = await registerCompany(t);
    const { EMP_LOGO } = (await upload(company.EMP_CODIGO, PNG, 'logo.png')).json();
    const before = await storedFiles(t);
    for (const res of [
      await upload(company.EMP_CODIGO, JPG, 'intruso.jpg', distributor.token),
      await read(company.EMP_CODIGO, distributor.token),
      await remove(company.EMP_CODIGO, distributor.token),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { msg: MSG.notFound }]);
    }
    expect(await storedFiles(t)).toEqual(before);
    expect((await ficha(company.EMP_CODIGO)).EMP_LOGO).toBe(EMP_LOGO);

    await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: distributor.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
    expect((await read(company.EMP_CODIGO, distributor.token)).rawPayload.equals(PNG)).toBe(true);
    expect((await upload(company.EMP_CODIGO, JPG, 'nuevo.jpg', distributor.token)).statusCode).toBe(200);
    expect((await remove(company.EMP_CODIGO, distributor.token)).statusCode).toBe(200);
    expect((await logoHistory(company.EMP_CODIGO)).map((h) => [h.descripcion, h.usuario])).toEqual([
      ['Logo actualizado', DEMO.admin.usuario],
      ['Logo actualizado', DEMO.distribuidor.usuario],
      ['Logo quitado', DEMO.distribuidor.usuario],
    ]);
  });

  it('un token de empresa recibe 403 en las rutas de administración; la empresa lee su propio logo en /miEmpresa/logo', async () => {
    const company = await registerCompany(t);
    const companyToken = (await loginCompany(t, company.login)).token;
    const mine = () => t.app.inject({ method: 'GET', url: `${API}/miEmpresa/logo`, headers: as(companyToken) });
    expect([(await mine()).statusCode, (await mine()).json()]).toEqual([404, { msg: 'La empresa no tiene logo para documentos impresos' }]);

    await upload(company.EMP_CODIGO, PNG, 'logo.png');
    const before = await storedFiles(t);
    for (const res of [
      await upload(company.EMP_CODIGO, JPG, 'logo.jpg', companyToken),
      await read(company.EMP_CODIGO, companyToken),
      await remove(company.EMP_CODIGO, companyToken),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([403, { msg: MSG.adminOnly }]);
    }
    expect(await storedFiles(t)).toEqual(before);

    const own = await mine();
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    // Another company's user sees its own company's logo, never this one.
    const andina = (await loginCompany(t)).token;
    const other = await t.app.inject({ method: 'GET', url: `${API}/miEmpresa/logo`, headers: as(andina) });
    expect(other.statusCode).toBe(404);
    // An administration token is not a company session.
    expect((await t.app.inject({ method: 'GET', url: `${API}/miEmpresa/logo`, headers: as(admin) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/miEmpresa/logo` })).statusCode).toBe(401);
  });
});
