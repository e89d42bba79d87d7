import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, like } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany } from '../helpers/accounts';
import { borrador, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { catalogo } from '../../server/infra/db/schema';
import { COLUMNAS_CATALOGO, IMPORTACION_CATALOGO } from '../../domain/catalogoImportacion';

/**
 * Text is well-formed UTF-16 or it is refused: half of a surrogate pair ("\ud800", as any JSON client can write it, or
 * %ED%A0%80 in a URL) answers 400 naming the field, like a control character, in every body, query, parameter, filter
 * and uploaded file, on every database. A whole pair (an emoji) is text like any other.
 */

/** An error answer: exactly { msg } (optionally with code). */
function expectError(res: { statusCode: number; body: string }, status: number, msg: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body)).toEqual({ msg });
}

const refused = (field: string) => `El campo ${field} contiene caracteres no permitidos`;

/** A JSON body whose SURROGATE markers are written as the JSON escape of a lone surrogate (JSON.stringify would too). */
const withEscapes = (value: unknown, escape = '\\ud800') => JSON.stringify(value).replaceAll('SURROGATE', escape);

/** The lone surrogates a client can send: a high half alone, at the end or before a letter, and a low half alone. */
const LONE = ['\\ud800', '\\udbff', '\\udc00', '\\udfff', '\\udc00\\ud800'];

/** A .zip of the given files, stored (not compressed), as a test writes the bytes of an .xlsx by hand. */
function zip(files: Record<string, Buffer | string>): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    directory.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const listing = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length / 2, 8);
  end.writeUInt16LE(directory.length / 2, 10);
  end.writeUInt32LE(listing.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, listing, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet .xlsx whose cells are the given bytes of XML text (inline strings), one row each after the header. */
function xlsx(header: string[], rows: Buffer[][]): Buffer {
  const cell = (column: number, row: number, text: Buffer) =>
    Buffer.concat([
      Buffer.from(`<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t>`),
      text,
      Buffer.from('</t></is></c>'),
    ]);
  const sheetRows = [header.map((h) => Buffer.from(h)), ...rows].map((cells, i) =>
    Buffer.concat([Buffer.from(`<row r="${i + 1}">`), ...cells.map((text, c) => cell(c, i + 1, text)), Buffer.from('</row>')]),
  );
  return zip({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELS}"><sheets><sheet name="Productos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': Buffer.concat([
      Buffer.from(`${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`),
      ...sheetRows,
      Buffer.from('</sheetData></worksheet>'),
    ]),
  });
}

/** ED A0 80: U+D800 written as if it were a character (CESU-8), which UTF-8 does not allow. */
const SURROGATE_BYTES = Buffer.from([0xed, 0xa0, 0x80]);

describe.each(testDatabases)('texto bien formado (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let company: { token: string; COM_CODIGO: number };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await loginAdmin(t)).token;
    company = await loginCompany(t);
  });
  afterAll(() => t?.close());

  const json = (method: 'POST' | 'PUT' | 'GET', url: string, payload: string, token?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    });

  describe('cuerpos JSON', () => {
    it('recuperar: un usuario con media pareja sustituta responde 400 nombrando el campo, sin token', async () => {
      for (const escape of LONE) {
        for (const usuario of ['xSURROGATE', 'SURROGATEx', 'SURROGATE']) {
          const res = await json('POST', `${API}/recuperar`, withEscapes({ ruc: '1790016919001', usuario }, escape));
          expectError(res, 400, refused('usuario'));
        }
      }
      // A whole pair is a character like any other: the answer is the usual one.
      const whole = await json('POST', `${API}/recuperar`, JSON.stringify({ ruc: '1790016919001', usuario: 'x\u{1F600}' }));
      expect(whole.statusCode, whole.body).toBe(200);
      const escaped = await json('POST', `${API}/recuperar`, '{"ruc":"1790016919001","usuario":"x\\ud83d\\ude00"}');
      expect(escaped.statusCode, escaped.body).toBe(200);
    });

    it('un campo que el esquema no declara, o una clave, tampoco pasan', async () => {
      const extra = await json('POST', `${API}/recuperar`, withEscapes({ ruc: '1790016919001', usuario: 'ana', nota: 'SURROGATE' }));
      expectError(extra, 400, refused('nota'));
      const key = await json('POST', `${API}/recuperar`, withEscapes({ ruc: '1790016919001', usuario: 'ana', SURROGATE: 1 }));
      expectError(key, 400, refused('solicitud'));
    });

    it('un cuerpo cuyos bytes no son UTF-8 responde 400, no U+FFFD', async () => {
      const payload = Buffer.concat([Buffer.from('{"ruc":"1790016919001","usuario":"x'), SURROGATE_BYTES, Buffer.from('"}')]);
      const res = await t.app.inject({ method: 'POST', url: `${API}/recuperar`, payload, headers: { 'content-type': 'application/json' } });
      expectError(res, 400, 'El cuerpo de la solicitud no es un JSON válido: su texto debe estar en UTF-8');
    });

    it('campos adicionales de una factura (una columna JSON): 400 nombrando el campo, y un emoji se guarda entero', async () => {
      const punto = await puntoPrincipal(t, company.COM_CODIGO);
      const cliente = await nuevoCliente(t, company.COM_CODIGO, 401);
      for (const adicional of [
        { nombre: 'Vendedor', valor: 'Ana SURROGATE' },
        { nombre: 'SURROGATEVendedor', valor: 'Ana' },
      ]) {
        const res = await json(
          'POST',
          '/api/facturas',
          withEscapes(borrador(punto, cliente, undefined, { FAC_ADICIONAL: [adicional] })),
          company.token,
        );
        expectError(res, 400, refused(adicional.valor === 'Ana' ? 'nombre' : 'valor'));
      }
      const ok = await json(
        'POST',
        '/api/facturas',
        JSON.stringify(borrador(punto, cliente, undefined, { FAC_ADICIONAL: [{ nombre: 'Nota', valor: 'Gracias \u{1F600}' }] })),
        company.token,
      );
      expect(ok.statusCode, ok.body).toBe(201);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/facturas/${ok.json().FAC_CODIGO}`,
        headers: { 'x-token': company.token },
      });
      expect(read.json().FAC_ADICIONAL).toEqual([{ nombre: 'Nota', valor: 'Gracias \u{1F600}' }]);
    });

    it('ficha de una empresa (con historial en JSON): 400 nombrando el campo y nada cambia', async () => {
      const get = () => t.app.inject({ method: 'GET', url: `${API}/empresas/${company.COM_CODIGO}`, headers: { 'x-token': admin } });
      const history = async () =>
        (await t.app.inject({ method: 'GET', url: `${API}/empresas/historial/${company.COM_CODIGO}`, headers: { 'x-token': admin } }))
          .headers['content-range'];
      const before = (await get()).json();
      const historyBefore = await history();
      const keys = ['EMP_RUC', 'EMP_NOMBREC', 'EMP_NOMBRE', 'EMP_CORREO', 'EMP_TELEFONO', 'EMP_CELULAR', 'EMP_DIRECCION'];
      const editable = {
        ...Object.fromEntries(
          [
            ...keys,
            'EMP_CONTABILIDAD',
            'EMP_CONTRIBUYENTE_ESPECIAL',
            'EMP_AGENTE_RETENCION',
            'EMP_RIMPE',
            'EMP_AMBIENTE',
            'EMP_ACTIVO',
          ].map((k) => [k, before[k]]),
        ),
        establecimientos: before.establecimientos,
        EMP_VERSION: before.EMP_VERSION,
      };
      const put = (body: string) => json('PUT', `${API}/empresas/${company.COM_CODIGO}`, body, admin);
      expectError(
        await put(withEscapes({ ...editable, EMP_DIRECCION: 'Av. Amazonas SURROGATE' }, '\\udc00')),
        400,
        refused('EMP_DIRECCION'),
      );
      expectError(await put(withEscapes({ ...editable, EMP_NOMBREC: 'SURROGATEAndina' })), 400, refused('EMP_NOMBREC'));
      const after = (await get()).json();
      expect(after.EMP_VERSION).toBe(before.EMP_VERSION);
      expect(after.EMP_DIRECCION).toBe(before.EMP_DIRECCION);
      expect(await history()).toBe(historyBefore);
    });
  });

  describe('direcciones: consulta, filtros y parámetros de ruta', () => {
    const get = (url: string, token: string | undefined = admin) =>
      t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });

    it('un filtro leído como JSON con media pareja responde 400 nombrando el parámetro', async () => {
      for (const escape of LONE) {
        const filter = encodeURIComponent(`{"q":"a${escape}"}`);
        expectError(await get(`${API}/soporte?filter=${filter}`), 400, 'El parámetro filter contiene caracteres no permitidos');
        expectError(
          await get(`/api/clientes?filter=${filter}`, company.token),
          400,
          'El parámetro filter contiene caracteres no permitidos',
        );
      }
      const sort = encodeURIComponent('["SPT_ID\\ud800","ASC"]');
      expectError(await get(`${API}/soporte?sort=${sort}`), 400, 'El parámetro sort contiene caracteres no permitidos');
    });

    it('un valor de la consulta que no decodifica a texto (%ED%A0%80) responde 400 nombrando el parámetro', async () => {
      expectError(await get(`${API}/soporte?filter=%7B%22q%22%3A%22a%ED%A0%80%22%7D`), 400, refused('filter'));
      expectError(await get(`/api/clientes?sort=%5B%22CLI_CODIGO%ED%A0%80%22%2C%22ASC%22%5D`, company.token), 400, refused('sort'));
      // Well-formed escapes of a whole character still decode.
      expect((await get(`${API}/soporte?filter=${encodeURIComponent('{"q":"ñ\u{1F600}"}')}`)).statusCode).toBe(200);
    });

    it('un parámetro de ruta que no decodifica a texto responde 400 nombrando el parámetro', async () => {
      expectError(await get(`${API}/empresas/buscarEmpresa/ab%ED%A0%80`), 400, refused('term'));
      expectError(await get(`${API}/empresas/buscarEmpresa/%ED%B0%80`), 400, refused('term'));
      expectError(await get(`${API}/soporte/datosSoporteCliente/17%ED%A0%80`, undefined), 400, refused('id'));
      expectError(await get(`${API}/empresas/${'%ED%A0%80'}`), 400, refused('id'));
      // A percent sign that is not an escape is a broken address, not text.
      expectError(await get(`${API}/empresas/buscarEmpresa/ab%E0%A4%A`), 400, 'La dirección de la solicitud no es válida');
      expect((await get(`${API}/empresas/buscarEmpresa/${encodeURIComponent('Andina ñ')}`)).statusCode).toBe(200);
    });
  });

  describe('archivos subidos', () => {
    const upload = (name: string, content: Buffer) => {
      const form = multipart('current', name, content);
      return t.app.inject({
        method: 'POST',
        url: '/api/catalogo/import',
        headers: { 'x-token': company.token, ...form.headers },
        payload: form.payload,
      });
    };
    const HEADER = COLUMNAS_CATALOGO.map((c) => c.campo);
    const row = (code: string, description: Buffer) => [
      Buffer.from(code),
      Buffer.from(''),
      description,
      Buffer.from('B'),
      Buffer.from('1'),
      Buffer.from('15 %'),
    ];

    it('un CSV en UTF-8 con la media pareja escrita en bytes (ED A0 80) responde 400; ni U+FFFD ni otras letras', async () => {
      const csv = Buffer.concat([
        Buffer.from(`${HEADER.join(';')}\nSUR-1;;Ñandú de peluche;B;1;15 %;;;\nSUR-2;;Peluche `),
        SURROGATE_BYTES,
        Buffer.from(';B;1;15 %;;;\n'),
      ]);
      expectError(
        await upload('productos.csv', csv),
        400,
        'El archivo mezcla texto en UTF-8 con bytes que no lo son: guárdelo de nuevo como «CSV UTF-8» o como Excel (.xlsx)',
      );
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/catalogo?filter=${encodeURIComponent('{"q":"SUR-"}')}`,
        headers: { 'x-token': company.token },
      });
      expect(listed.json()).toEqual([]);
    });

    it('un Excel con la media pareja en bytes o como referencia (&#xD800;) responde 400 de archivo dañado', async () => {
      for (const text of [
        Buffer.concat([Buffer.from('Peluche '), SURROGATE_BYTES]),
        Buffer.from('Peluche &#xD800;'),
        Buffer.from('&#56320;'),
      ]) {
        const file = xlsx(HEADER, [row('SUR-3', Buffer.from('Ñandú')), row('SUR-4', text)]);
        expectError(await upload('productos.xlsx', file), 400, IMPORTACION_CATALOGO.archivoDanado);
      }
      const good = await upload('productos.xlsx', xlsx(HEADER, [row('SUR-5', Buffer.from('Ñandú \u{1F600}'))]));
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toMatchObject({ total: 1, creados: 1, errores: [] });
    });

    it('un Excel grande con tildes se lee sin U+FFFD aunque un carácter quede partido entre dos trozos del archivo', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Productos');
      sheet.addRow(HEADER);
      // Text of two- and three-byte characters almost only: nearly every boundary between two chunks falls inside one.
      const rows = 2_000;
      for (let i = 0; i < rows; i++) sheet.addRow([`TIL-${i}`, '', `${'ñáéíóú€Ñ'.repeat(6)} ${i}`, 'B', '1', '15 %']);
      const res = await upload('productos.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ total: rows, creados: rows, errores: [] });
      const stored = await t.db
        .select({ descripcion: catalogo.CAT_DESCRIPCION })
        .from(catalogo)
        .where(and(eq(catalogo.EMP_CODIGO, company.COM_CODIGO), like(catalogo.CAT_PRINCIPAL, 'TIL-%')));
      expect(stored).toHaveLength(rows);
      expect(stored.filter((p) => p.descripcion !== `${'ñáéíóú€Ñ'.repeat(6)} ${p.descripcion.split(' ').at(-1)}`)).toEqual([]);
    });

    it('un nombre de archivo largo se acorta sin partir un emoji (el historial lo guarda en JSON)', async () => {
      const data = new FormData();
      const fields = { monto: '10.00', fecha: '2024-01-15', banco: '1', referencia: 'DEP 1' };
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      // 101 emoji and "a.pdf": the last 200 code units start in the middle of a pair.
      const name = `${'\u{1F600}'.repeat(101)}a.pdf`;
      data.append('current', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), name);
      const request = new Request('http://localhost/', { method: 'POST', body: data });
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/empresas/pago/${company.COM_CODIGO}`,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')!, 'x-token': admin },
      });
      expect(res.statusCode, res.body).toBe(201);
      const stored: string = res.json().ARC_NOMBRE;
      expect(stored).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(stored.endsWith('\u{1F600}a.pdf')).toBe(true);
    });
  });
});
