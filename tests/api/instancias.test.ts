import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { loadConfig } from '../../server/config';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { API, createTicket, storedFiles } from '../helpers/soporte-api';

/** A zip of `size` bytes that are not all alike, so a byte out of place shows. */
const zipOf = (size: number) => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(size - 4)]);

describe.each(testDatabases)('varias instancias de la API: una base de datos y un bucket (%s)', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherDataDir: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await startTestApp(
      kind,
      { rateLimit: { windowMs: 60_000, maxPerIp: 1000, maxPerAccount: 1000, freePerPair: 3 } },
      { storage: 's3', logStream },
    );
    // Nothing on a local disk is shared: the second instance has a DATA_DIR of its own.
    otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-api-otra-'));
    other = await t.otherInstance({ dataDir: otherDataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(otherDataDir, { recursive: true, force: true });
  });

  const loginAdmin = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'POST', url: `${API}/loginAdmin`, payload: DEMO.admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().usuario.token as string;
  };
  const upload = (app: FastifyInstance, url: string, name: string, content: Buffer, token: string) => {
    const form = multipart('current', name, content);
    return app.inject({ method: 'POST', url: `${API}${url}`, payload: form.payload, headers: { ...form.headers, 'x-token': token } });
  };

  it('un ticket y sus adjuntos subidos en una instancia se leen y se descargan byte a byte en la otra', async () => {
    // 6 MB: more than one part of a multipart upload.
    const clientFile = zipOf(6 * 1024 * 1024);
    const adviserFile = zipOf(300_000);
    // The seed's demo signature is already in the bucket.
    const before = (await storedFiles(t)).length;
    const { SPT_ID, tokenArchivo } = await createTicket(t);
    expect((await upload(t.app, `/soporte/docCli/${SPT_ID}`, 'respaldo.zip', clientFile, tokenArchivo)).statusCode).toBe(201);
    const [adminHere, adminThere] = [await loginAdmin(t.app), await loginAdmin(other)];
    expect((await upload(other, `/soporte/docAse/${SPT_ID}`, 'solucion.zip', adviserFile, adminThere)).statusCode).toBe(201);

    const detail = await other.inject({ method: 'GET', url: `${API}/soporte/${SPT_ID}`, headers: { 'x-token': adminThere } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      SPT_NOMBREARCHIVO: 'respaldo.zip',
      archivoCliente: { ARC_TAMANO: clientFile.length },
      archivoAsesor: { ARC_NOMBRE: 'solucion.zip' },
    });
    const fromOther = await other.inject({
      method: 'GET',
      url: `${API}/soporte/descargaCli/${SPT_ID}`,
      headers: { 'x-token': adminThere },
    });
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.rawPayload.equals(clientFile)).toBe(true);
    const fromFirst = await t.app.inject({ method: 'GET', url: `${API}/soporte/descargaAse/${SPT_ID}`, headers: { 'x-token': adminHere } });
    expect(fromFirst.statusCode).toBe(200);
    expect(fromFirst.rawPayload.equals(adviserFile)).toBe(true);
    // The bytes are in the bucket, not on either instance's disk.
    for (const dataDir of [t.dataDir, otherDataDir])
      expect(fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')) : []).toEqual([]);
    expect(await storedFiles(t)).toHaveLength(before + 2);
  });

  it('una sesión cerrada en una instancia se rechaza en la otra', async () => {
    const token = await loginAdmin(t.app);
    const list = (app: FastifyInstance) => app.inject({ method: 'GET', url: `${API}/soporte`, headers: { 'x-token': token } });
    expect((await list(other)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${API}/logoutAdmin`, headers: { 'x-token': token } })).statusCode).toBe(200);
    expect((await list(other)).statusCode).toBe(401);
  });

  it('los inicios de sesión fallidos cuentan en ambas instancias (freePerPair 3)', async () => {
    const login = (app: FastifyInstance, clave: string) =>
      app.inject({ method: 'POST', url: `${API}/login`, payload: { ...DEMO.empresa, clave }, remoteAddress: '10.9.0.1' });
    expect((await login(t.app, 'incorrecta-1')).statusCode).toBe(401);
    expect((await login(other, 'incorrecta-2')).statusCode).toBe(401);
    expect((await login(t.app, 'incorrecta-3')).statusCode).toBe(401);
    expect((await login(other, DEMO.empresa.clave)).statusCode).toBe(429);
    expect((await login(t.app, DEMO.empresa.clave)).statusCode).toBe(429);
  });

  it('las credenciales del bucket no aparecen en los registros', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const secret = t.config.files.kind === 's3' ? t.config.files.secretAccessKey! : '';
    expect(secret).not.toBe('');
    for (const line of logLines) expect(line).not.toContain(secret);
  });
});

describe('configuración del almacenamiento de archivos (FILES_URL, FILES_S3_*)', () => {
  it('sin FILES_URL los archivos van a DATA_DIR/files', () => {
    expect(loadConfig({ DATA_DIR: '/srv/amelia' }).files).toEqual({ kind: 'disk', dir: '/srv/amelia/files' });
  });

  it('FILES_URL=s3://bucket/prefijo con un servidor propio usa rutas de estilo path y us-east-1 por defecto', () => {
    const files = loadConfig({
      FILES_URL: 's3://amelia-archivos/produccion/adjuntos/',
      FILES_S3_ENDPOINT: 'http://127.0.0.1:4569',
      FILES_S3_ACCESS_KEY_ID: 'clave-id',
      FILES_S3_SECRET_ACCESS_KEY: 'secreto',
    }).files;
    expect(files).toEqual({
      kind: 's3',
      bucket: 'amelia-archivos',
      prefix: 'produccion/adjuntos',
      endpoint: 'http://127.0.0.1:4569',
      region: 'us-east-1',
      accessKeyId: 'clave-id',
      secretAccessKey: 'secreto',
      forcePathStyle: true,
    });
    expect(loadConfig({ FILES_URL: 's3://amelia', FILES_S3_REGION: 'sa-east-1' }).files).toMatchObject({
      bucket: 'amelia',
      prefix: '',
      region: 'sa-east-1',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
    expect(
      loadConfig({ FILES_URL: 's3://amelia', FILES_S3_ENDPOINT: 'https://s3.ejemplo.ec', FILES_S3_FORCE_PATH_STYLE: 'false' }).files,
    ).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ FILES_URL: 'https://amelia.s3.amazonaws.com' }, 'FILES_URL debe tener la forma s3://bucket'],
    [{ FILES_URL: 's3://Amelia_Archivos' }, 'FILES_URL debe tener la forma s3://bucket'],
    [{ FILES_S3_ENDPOINT: 'http://127.0.0.1:4569' }, 'FILES_S3_ENDPOINT requiere FILES_URL'],
    [{ FILES_URL: 's3://amelia', FILES_S3_ENDPOINT: '127.0.0.1:4569' }, 'FILES_S3_ENDPOINT debe ser una URL'],
    [{ FILES_URL: 's3://amelia', FILES_S3_ACCESS_KEY_ID: 'clave-id' }, 'FILES_S3_ACCESS_KEY_ID y FILES_S3_SECRET_ACCESS_KEY van juntas'],
    [{ FILES_URL: 's3://amelia', FILES_S3_FORCE_PATH_STYLE: 'quizás' }, 'FILES_S3_FORCE_PATH_STYLE debe ser true o false'],
  ])('rechaza %j al iniciar', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('un error no repite la clave secreta', () => {
    expect(() => loadConfig({ FILES_URL: 's3://amelia', FILES_S3_SECRET_ACCESS_KEY: 'no-me-muestres' })).toThrow(/^(?!.*no-me-muestres)/);
  });
});
