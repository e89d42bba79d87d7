import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, registerCompany, registration } from '../helpers/accounts';
import { adminToken, createTicket, fileOf, storedFiles, validTicket } from '../helpers/soporte-api';
import { configuraciones } from '../../server/infra/db/schema';

/** An error answer: exactly { msg } (optionally with code), in Spanish, never echoing what was sent. */
function expectError(res: { statusCode: number; body: string }, status: number, msg?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).filter((k) => k !== 'code')).toEqual(['msg']);
  expect(typeof body.msg).toBe('string');
  if (typeof msg === 'string') expect(body.msg).toBe(msg);
  else if (msg) expect(body.msg).toMatch(msg);
  return body.msg as string;
}

describe.each(testDatabases)('entradas hostiles (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: { 'x-token': token } });

  describe('caracteres de control', () => {
    it('un NUL en el usuario del inicio de sesión (pública) responde 400 nombrando el campo', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { ruc: '1790016919001', usuario: 'a\u0000b', clave: 'x' },
      });
      expectError(res, 400, 'El campo usuario contiene caracteres no permitidos');
    });

    it('un NUL en el registro no llega a la base de datos', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${API}/registro`, payload: registration({ usuario: 'a\u0000b' }) });
      expectError(res, 400, 'El campo usuario contiene caracteres no permitidos');
    });

    it('texto de una línea: ni controles C0, ni tabulador, ni saltos de línea, ni controles bidi (U+202E)', async () => {
      for (const nombre of ['Lucía\u0001', 'Lucía\tPérez', 'Lucía\nPérez', 'Lucía \u202eodiP', 'Lucía\u2066x']) {
        const res = await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket({ SPT_CLIENTENOMBRE: nombre }) });
        expectError(res, 400, 'El campo SPT_CLIENTENOMBRE contiene caracteres no permitidos');
      }
    });

    it('texto enriquecido: admite tabulador y saltos de línea, no otros controles', async () => {
      const ok = await t.app.inject({
        method: 'POST',
        url: `${API}/soporte`,
        payload: validTicket({ SPT_MENSAJE: '<p>Línea 1</p>\r\n\t<p>Línea 2</p>' }),
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const res = await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket({ SPT_MENSAJE: '<p>a\u0000b</p>' }) });
      expectError(res, 400, 'El campo SPT_MENSAJE contiene caracteres no permitidos');
    });

    it('en parámetros de ruta, en la consulta y dentro del JSON de filter', async () => {
      expectError(
        await t.app.inject({ method: 'GET', url: `${API}/soporte/datosSoporteCliente/17900%00169` }),
        400,
        'El campo id contiene caracteres no permitidos',
      );
      expectError(await get('/soporte?sort=%5B%22SPT_ID%22%2C%22ASC%00%22%5D'), 400, 'El campo sort contiene caracteres no permitidos');
      expectError(
        await get(`/soporte?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000b' }))}`),
        400,
        'El parámetro filter contiene caracteres no permitidos',
      );
      // U+202E travels raw in the query string (JSON.stringify leaves it as is); \u0000 above travels as a JSON escape.
      expectError(
        await get(`/productos?filter=${encodeURIComponent(JSON.stringify({ q: 'x\u202e' }))}`),
        400,
        'El campo filter contiene caracteres no permitidos',
      );
    });
  });

  describe('números', () => {
    it('un id de ruta solo se escribe en decimal y cabe en 32 bits', async () => {
      for (const id of [
        '0x10',
        'Infinity',
        '-Infinity',
        '1e308',
        '1e1',
        '99999999999999999999',
        '2147483648',
        '016',
        '+16',
        ' 16',
        '-1',
        '1.0',
      ]) {
        expectError(
          await get(`/soporte/${encodeURIComponent(id)}`),
          400,
          /^El campo id (tiene un tipo de dato inválido|está fuera del rango permitido)$/,
        );
      }
      expect((await get('/soporte/1')).statusCode).toBe(200);
      expect((await get('/configuraciones/0')).statusCode).toBe(200);
      expectError(await get('/configuraciones/00'), 400, 'El campo id tiene un tipo de dato inválido');
    });

    it('range y los filtros numéricos se acotan a enteros de 32 bits', async () => {
      for (const range of ['[1e308,1e308]', '[0,1e308]', '[0,99999999999999999999]', '[2147483648,2147483649]', '[0.5,3]']) {
        expectError(await get(`/soporte?range=${encodeURIComponent(range)}`), 400, 'El parámetro range debe ser [desde, hasta]');
      }
      for (const filter of [
        { SPT_PRODUCTOS: 1e308 },
        { SPT_PRODUCTOS: '0x10' },
        { SPT_PRODUCTOS: '016' },
        { ASE_CODIGO: true },
        { id: [1, 1e20] },
      ]) {
        const res = await get(`/soporte?filter=${encodeURIComponent(JSON.stringify(filter))}`);
        expectError(res, 400, /^El filtro \w+ no es válido$/);
      }
      const page = await get(`/soporte?range=${encodeURIComponent('[0,100000]')}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().length).toBeLessThanOrEqual(500);
    });

    it('el cuerpo no convierte tipos: null no es la configuración 0, true no es el producto 1, "5" no es 5', async () => {
      const before = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 0));
      const put = (payload: object) =>
        t.app.inject({ method: 'PUT', url: `${API}/configuraciones/actualizar`, headers: { 'x-token': admin }, payload });
      expectError(await put({ CON_CODIGO: null, CON_VALOR1: 'cambiado' }), 400, 'El campo CON_CODIGO tiene un tipo de dato inválido');
      expectError(await put({ CON_CODIGO: '0', CON_VALOR1: 'cambiado' }), 400, 'El campo CON_CODIGO tiene un tipo de dato inválido');
      expect(await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 0))).toEqual(before);

      expectError(
        await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket({ SPT_PRODUCTOS: true }) }),
        400,
        'Seleccione un producto',
      );
      expectError(
        await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket({ SPT_PRODUCTOS: '1' }) }),
        400,
        'Seleccione un producto',
      );
    });

    it('null sigue borrando un valor anulable, sin volverse 0 ni ""', async () => {
      const put = await t.app.inject({
        method: 'PUT',
        url: `${API}/configuraciones/actualizar`,
        headers: { 'x-token': admin },
        payload: { CON_CODIGO: 1, CON_VALOR8: null },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().CON_VALOR8).toBeNull();
      const ticket = await createTicket(t);
      const assigned = await t.app.inject({
        method: 'PUT',
        url: `${API}/soporte/${ticket.SPT_ID}`,
        headers: { 'x-token': admin },
        payload: { ASE_CODIGO: 1 },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      const cleared = await t.app.inject({
        method: 'PUT',
        url: `${API}/soporte/${ticket.SPT_ID}`,
        headers: { 'x-token': admin },
        payload: { ASE_CODIGO: null, comentario: null },
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().ASE_CODIGO).toBeNull();
    });
  });

  describe('multipart mal formado', () => {
    const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

    async function fileRoutes() {
      const ticket = await createTicket(t);
      const registered = await registerCompany(t);
      return [
        { url: `${API}/soporte/docCli/${ticket.SPT_ID}`, token: ticket.tokenArchivo, file: fileOf(2048) },
        { url: `${API}/soporte/docAse/${ticket.SPT_ID}`, token: admin, file: fileOf(2048) },
        { url: `${API}/registro/pago/${registered.EMP_CODIGO}/${registered.EMP_RUC}/DEP-9`, token: registered.tokenPago, file: PDF },
      ];
    }

    it('sin boundary, truncado o con otro tipo de contenido: 400 en español y nada en disco', async () => {
      for (const route of await fileRoutes()) {
        const send = (payload: Buffer | string, contentType: string) =>
          t.app.inject({ method: 'POST', url: route.url, payload, headers: { 'content-type': contentType, 'x-token': route.token } });
        const whole = multipart(
          'current',
          route.url.includes('pago') ? 'pago.pdf' : 'datos.zip',
          Buffer.concat([route.file, Buffer.alloc(64 * 1024)]),
        );
        const before = await storedFiles(t);
        expectError(await send(whole.payload, 'multipart/form-data'), 400);
        expectError(await send(whole.payload.subarray(0, whole.payload.length - 300), whole.headers['content-type']), 400);
        expectError(await send(whole.payload.subarray(0, 200), whole.headers['content-type']), 400);
        expectError(await send('{"current":"x"}', 'application/json'), 400);
        expectError(await send(whole.payload, 'application/octet-stream'), 415);
        expect(await storedFiles(t)).toEqual(before);
      }
    });
  });

  describe('errores del enrutador y del servidor HTTP', () => {
    it('una codificación porcentual inválida responde 400 { msg } sin repetir la URL', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/soporte/%E0%A4%A`, headers: { 'x-token': admin } });
      const msg = expectError(res, 400);
      expect(res.body).not.toContain('%E0');
      expect(msg).not.toMatch(/url|Bad Request/i);
    });

    it('un parámetro demasiado largo responde 414 { msg }; una ruta inexistente 404 { msg }', async () => {
      const long = await t.app.inject({ method: 'GET', url: `${API}/soporte/datosSoporteCliente/${'1'.repeat(5000)}` });
      expectError(long, 414);
      expect(long.body).not.toContain('11111');
      expectError(await t.app.inject({ method: 'GET', url: `${API}/no-existe` }), 404, 'La ruta solicitada no existe');
      expectError(await t.app.inject({ method: 'PATCH', url: `${API}/soporte/1` }), 404, 'La ruta solicitada no existe');
    });

    it('una URL que no cabe en las cabeceras responde 431 { msg } también por el socket', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.end(`GET ${API}/soporte/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString('latin1');
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(body)).toEqual({ msg: expect.any(String) });
      expect(body).not.toMatch(/Request Header Fields/);
    });
  });

  describe('peticiones sin cuerpo', () => {
    it('DELETE con Content-Type application/json y sin cuerpo se trata como una petición sin cuerpo', async () => {
      const ticket = await createTicket(t);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `${API}/soporte/${ticket.SPT_ID}`,
        headers: { 'x-token': admin, 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const read = await t.app.inject({
        method: 'GET',
        url: `${API}/productos/1`,
        headers: { 'x-token': admin, 'content-type': 'application/json' },
      });
      expect(read.statusCode, read.body).toBe(200);
    });

    it('un POST con cuerpo JSON vacío sigue siendo un JSON inválido', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${API}/login`, headers: { 'content-type': 'application/json' } });
      expectError(res, 400, 'El cuerpo de la solicitud no es un JSON válido');
    });
  });
});
