import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API } from '../helpers/accounts';

// A built web app of our own (config.webDir), so the headers do not depend on whether dist/ exists.
const SCRIPT = `export const filas = [${Array.from({ length: 400 }, (_, i) => `'fila ${i}'`).join(', ')}];\n`;
const INDEX = `<!doctype html><html lang="es"><head><script type="module" src="/assets/x.js"></script></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`;
// Random bytes behind a PNG signature: incompressible, as a real image is.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(8192)]);

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

const PRE_BR = zlib.brotliCompressSync(SCRIPT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });

describe('transporte: compresión y caché de la aplicación web y la API', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDir, 'assets', 'x.js'), SCRIPT);
    fs.writeFileSync(path.join(webDir, 'assets', 'logo.png'), PNG);
    // As the build leaves them (vite.config.ts): a brotli copy beside the asset.
    fs.writeFileSync(path.join(webDir, 'assets', 'pre.js'), SCRIPT);
    fs.writeFileSync(path.join(webDir, 'assets', 'pre.js.br'), PRE_BR);
    // A brand's images, copied from public/ by the build.
    fs.mkdirSync(path.join(webDir, 'amelia'));
    fs.writeFileSync(path.join(webDir, 'amelia', 'logo.svg'), LOGO);
    t = await startTestApp(testDatabases[0], { webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('un asset con hash: brotli si el navegador lo acepta, gzip si solo acepta gzip, y caché de un año inmutable', async () => {
    const br = await get('/assets/x.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/x.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it('un asset con su copia .br de la compilación se envía esa copia, sin comprimir de nuevo', async () => {
    const br = await get('/assets/pre.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(PRE_BR)).toBe(true);
  });

  it('sin Accept-Encoding el asset va tal cual, con su longitud', async () => {
    const plain = await get('/assets/x.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.body).toBe(SCRIPT);
  });

  it('index.html se revalida siempre (no-cache) y también va comprimido', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('la imagen de una marca se sirve y se revalida; lo que no existe es un 404, y la API sigue con sus errores', async () => {
    const logo = await get('/amelia/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['cache-control']).toBe('no-cache');
    expect(logo.body).toBe(LOGO);
    expect((await get('/assets/no-existe.js')).statusCode).toBe(404);
    expect((await get('/no-existe.html')).json()).toEqual({ msg: 'La ruta solicitada no existe' });
    expect((await get(`${API}/no-existe`)).json()).toEqual({ msg: 'La ruta solicitada no existe' });
    // A parameter past the router's limit is still a 414: no file route catches /api.
    const long = await get(`${API}/soporte/datosSoporteCliente/${'1'.repeat(5000)}`);
    expect(long.statusCode).toBe(414);
  });

  it('un tipo ya comprimido (imagen) no se vuelve a comprimir', async () => {
    const res = await get('/assets/logo.png', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('el JSON de la API va comprimido y dice lo mismo', async () => {
    const plain = await get('/api/docs/json');
    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('una lista va comprimida y conserva su Content-Range de react-admin', async () => {
    const plain = await get(`${API}/configuraciones`);
    const gzip = await get(`${API}/configuraciones`, 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-range']).toMatch(/^configuraciones 0-\d+\/\d+$/);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-range']).toBe(plain.headers['content-range']);
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });
});
