import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { multipart, startTestApp, testSetups, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { storedFiles } from '../helpers/soporte-api';
import { clientes, clientesDocumentos, empresas, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { releaseClientDocuments } from '../../server/modules/clientesDocumentos/repo';
import { MSG } from '../../domain/messages';
import { DOCUMENTO_CLIENTE, IMAGEN_CLIENTE } from '../../domain/clientes';

/** Small but real files of each kind: what matters to the server is how they start. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 3)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 1)]);
/** A docx is a zip container ([Content_Types].xml first). */
const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0]),
  Buffer.from('[Content_Types].xml'),
  Buffer.alloc(300, 9),
]);
const XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(500, 0)]);
/** The first bytes of a Windows executable. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe.each(testSetups)('documentos de un cliente: /api/clientes/documentos (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let andina: string;
  let tornillo: string;
  let seller: string;
  let ownClient: number;
  let sellersClient: number;
  let otherClient: number;
  let otherDocument: number;

  const as = (token: string) => ({ 'x-token': token });
  const upload = (cliente: number, name: string, content: Buffer, token = andina, path = '') => {
    const body = multipart('current', name, content);
    return t.app.inject({
      method: 'POST',
      url: `/api/clientes/documentos${path}?cliente=${cliente}`,
      payload: body.payload,
      headers: { ...body.headers, ...as(token) },
    });
  };
  const list = (cliente: number, token = andina) =>
    t.app.inject({ method: 'GET', url: `/api/clientes/documentos?cliente=${cliente}`, headers: as(token) });
  const download = (id: number, token = andina) =>
    t.app.inject({ method: 'GET', url: `/api/clientes/documentos/${id}/descarga`, headers: as(token) });
  const remove = (id: number, token = andina) =>
    t.app.inject({ method: 'DELETE', url: `/api/clientes/documentos/${id}`, headers: as(token) });
  const documentRows = (cliente: number) => t.db.select().from(clientesDocumentos).where(eq(clientesDocumentos.CLI_CODIGO, cliente));

  async function companyId(ruc: string) {
    const [row] = await t.db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, ruc));
    return row.id;
  }
  async function insertClient(empresa: number, identificacion: string, extra: Partial<typeof clientes.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(clientes)
      .values({
        EMP_CODIGO: empresa,
        CLI_TIPO_IDENTIFICACION: '05',
        CLI_IDENTIFICACION: identificacion,
        CLI_RAZON_SOCIAL: `Cliente ${identificacion}`,
        ...extra,
      })
      .returning();
    return row.CLI_CODIGO;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    const andinaId = await companyId(COMPANIES.andina.ruc);
    const tornilloId = await companyId(COMPANIES.tornillo.ruc);
    await t.db.insert(usuarios).values({
      COM_CODIGO: andinaId,
      USU_USUARIO: 'vendedora',
      USU_CLAVE: await hashPassword(COMPANIES.andina.clave),
      USU_NOMBRE: 'Vendedora Andina',
      USU_ROL: 'vendedor',
    });
    andina = (await loginCompany(t)).token;
    tornillo = (await loginCompany(t, COMPANIES.tornillo)).token;
    seller = (await loginCompany(t, { ...COMPANIES.andina, usuario: 'vendedora' })).token;
    ownClient = await insertClient(andinaId, '1710034065');
    sellersClient = await insertClient(andinaId, '0102030405');
    otherClient = await insertClient(tornilloId, '0926687856');
    const stored = await upload(otherClient, 'contrato tornillo.pdf', PDF, tornillo);
    expect(stored.statusCode, stored.body).toBe(201);
    otherDocument = stored.json().CDO_ID;
  });
  afterAll(() => t.close());

  it('sube PDF, PNG, WEBP, docx y xls (201, tipo según el contenido), los lista del más reciente al más antiguo y descarga los mismos bytes', async () => {
    const files: Array<[string, Buffer, string]> = [
      ['RUC y cédula.pdf', PDF, 'application/pdf'],
      ['fachada.png', PNG, 'image/png'],
      ['local.webp', WEBP, 'image/webp'],
      ['contrato.docx', DOCX, DOCX_TYPE],
      ['cartera.xls', XLS, 'application/vnd.ms-excel'],
    ];
    const ids: number[] = [];
    for (const [name, content, type] of files) {
      const res = await upload(ownClient, name, content);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        CDO_ID: expect.any(Number),
        CDO_NOMBRE: name,
        CDO_TIPO: type,
        CDO_BYTES: content.length,
        CDO_FECHA: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        usuario: expect.any(String),
      });
      ids.push(res.json().CDO_ID);
    }
    const listed = await list(ownClient);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((d: { CDO_ID: number }) => d.CDO_ID)).toEqual([...ids].reverse());
    expect(listed.json()[0].usuario).toBe((await upload(ownClient, 'x.pdf', PDF)).json().usuario);

    const file = await download(ids[0]);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="RUC y c_dula.pdf"; filename*=UTF-8''RUC%20y%20c%C3%A9dula.pdf`);
    const docx = await download(ids[3]);
    expect([docx.headers['content-type'], docx.rawPayload.equals(DOCX)]).toEqual([DOCX_TYPE, true]);
  });

  it('POST documentos/img acepta imágenes y rechaza un PDF con su mensaje', async () => {
    const png = await upload(ownClient, 'logo.png', PNG, andina, '/img');
    expect([png.statusCode, png.json().CDO_TIPO]).toEqual([201, 'image/png']);
    const before = await storedFiles(t);
    const pdf = await upload(ownClient, 'factura.pdf', PDF, andina, '/img');
    expect([pdf.statusCode, pdf.json()]).toEqual([400, { msg: IMAGEN_CLIENTE.typeMessage }]);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('el tipo se comprueba por el contenido: un ejecutable renombrado .pdf o .docx, o un PNG llamado .pdf, responde 400 y no guarda nada', async () => {
    const before = await storedFiles(t);
    const rows = (await documentRows(ownClient)).length;
    for (const [name, content] of [
      ['factura.pdf', EXE],
      ['contrato.docx', EXE],
      ['foto.png', PDF],
      ['programa.exe', EXE],
      ['vacío.pdf', Buffer.alloc(0)],
    ] as Array<[string, Buffer]>) {
      const res = await upload(ownClient, name, content);
      expect([name, res.statusCode, res.json()]).toEqual([name, 400, { msg: DOCUMENTO_CLIENTE.typeMessage }]);
    }
    expect(await storedFiles(t)).toEqual(before);
    expect(await documentRows(ownClient)).toHaveLength(rows);
  });

  it('15 MB exactos se aceptan; un byte más responde 413 con el mensaje del límite y no deja nada en el almacenamiento', async () => {
    const exact = Buffer.concat([PDF, Buffer.alloc(DOCUMENTO_CLIENTE.maxBytes - PDF.length, 0x20)]);
    const ok = await upload(ownClient, 'escaneo.pdf', exact);
    expect([ok.statusCode, ok.json().CDO_BYTES]).toEqual([201, DOCUMENTO_CLIENTE.maxBytes]);
    expect((await remove(ok.json().CDO_ID)).statusCode).toBe(200);

    const before = await storedFiles(t);
    const rows = (await documentRows(ownClient)).length;
    const res = await upload(ownClient, 'escaneo.pdf', Buffer.concat([exact, Buffer.from(' ')]));
    expect([res.statusCode, res.json()]).toEqual([413, { msg: DOCUMENTO_CLIENTE.sizeMessage }]);
    expect(await storedFiles(t)).toEqual(before);
    expect(await documentRows(ownClient)).toHaveLength(rows);
  });

  it('DELETE quita el documento y su archivo; después la descarga y un segundo DELETE responden 404', async () => {
    const res = await upload(ownClient, 'borrador.pdf', PDF);
    const { CDO_ID } = res.json();
    const [row] = await t.db.select().from(clientesDocumentos).where(eq(clientesDocumentos.CDO_ID, CDO_ID));
    expect(await storedFiles(t)).toContain(row.CDO_RUTA);

    const removed = await remove(CDO_ID);
    expect([removed.statusCode, removed.json()]).toEqual([200, { msg: 'Documento borrador.pdf eliminado' }]);
    expect(await storedFiles(t)).not.toContain(row.CDO_RUTA);
    expect((await list(ownClient)).json().map((d: { CDO_ID: number }) => d.CDO_ID)).not.toContain(CDO_ID);
    expect([(await download(CDO_ID)).statusCode, (await remove(CDO_ID)).json()]).toEqual([404, { msg: MSG.notFound }]);
  });

  it('otra empresa: su cliente y su documento responden 404 en cada ruta, sin guardar nada', async () => {
    const notFound = [404, { msg: MSG.notFound }];
    const before = await storedFiles(t);
    for (const res of [
      await list(otherClient),
      await upload(otherClient, 'intruso.pdf', PDF),
      await upload(otherClient, 'intruso.png', PNG, andina, '/img'),
      await download(otherDocument),
      await remove(otherDocument),
      await list(999_999),
    ]) {
      expect([res.statusCode, res.json()]).toEqual(notFound);
    }
    expect(await storedFiles(t)).toEqual(before);
    // Still there for its own company.
    const own = await download(otherDocument, tornillo);
    expect([own.statusCode, own.rawPayload.equals(PDF)]).toEqual([200, true]);
  });

  it('una vendedora solo ve los documentos de sus clientes: los de otro cliente de la empresa responden 404', async () => {
    const res = await upload(sellersClient, 'propio.pdf', PDF);
    expect(res.statusCode).toBe(201);
    const { CDO_ID } = res.json();
    for (const r of [
      await list(sellersClient, seller),
      await download(CDO_ID, seller),
      await upload(sellersClient, 'a.pdf', PDF, seller),
    ]) {
      expect([r.statusCode, r.json()]).toEqual([404, { msg: MSG.notFound }]);
    }
    const [vendedora] = await t.db.select().from(usuarios).where(eq(usuarios.USU_USUARIO, 'vendedora'));
    await t.db.update(clientes).set({ CLI_VENDEDOR: vendedora.USU_CODIGO }).where(eq(clientes.CLI_CODIGO, sellersClient));
    const visible = await list(sellersClient, seller);
    expect([visible.statusCode, visible.json().map((d: { CDO_ID: number }) => d.CDO_ID)]).toEqual([200, [CDO_ID]]);
    const mine = await upload(sellersClient, 'visita.png', PNG, seller);
    expect([mine.statusCode, mine.json().usuario]).toEqual([201, 'Vendedora Andina']);
  });

  it('sin cliente en la consulta o sin archivo: 400 en español; sin sesión 401; un token de administración 403', async () => {
    const noQuery = await t.app.inject({ method: 'GET', url: '/api/clientes/documentos', headers: as(andina) });
    expect([noQuery.statusCode, noQuery.json()]).toEqual([400, { msg: MSG.required('cliente') }]);
    const wrongField = multipart('archivo', 'a.pdf', PDF);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/clientes/documentos?cliente=${ownClient}`,
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...as(andina) },
    });
    expect([noFile.statusCode, noFile.json()]).toEqual([400, { msg: MSG.fileRequired }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/clientes/documentos?cliente=${ownClient}` })).statusCode).toBe(401);
    const admin = (await loginAdmin(t)).token;
    expect((await list(ownClient, admin)).statusCode).toBe(403);
    expect((await download(otherDocument, admin)).statusCode).toBe(403);
  });

  it('al eliminar un cliente, releaseClientDocuments quita sus documentos y sus archivos del almacenamiento', async () => {
    const andinaId = await companyId(COMPANIES.andina.ruc);
    const gone = await insertClient(andinaId, '0603040506');
    await upload(gone, 'a.pdf', PDF);
    await upload(gone, 'b.png', PNG);
    const rutas = (await documentRows(gone)).map((d) => d.CDO_RUTA);
    expect(await storedFiles(t)).toEqual(expect.arrayContaining(rutas));
    const released = await t.ctx.files.transaction(async (tx, release) => {
      // Only `tx` inside: on PGlite a query on t.db would wait for this transaction.
      const count = await releaseClientDocuments(tx, release, andinaId, gone);
      await tx.delete(clientes).where(eq(clientes.CLI_CODIGO, gone));
      return count;
    });
    expect(released).toBe(2);
    const left = await storedFiles(t);
    expect(rutas.filter((r) => left.includes(r))).toEqual([]);
  });
});
