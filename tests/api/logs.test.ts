import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, DEMO_PASSWORDS, registration } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';

/** Collects every line the app logs. */
class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.lines.push(chunk.toString('utf8'));
    done();
  }
  get text() {
    return this.lines.join('');
  }
}

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

type Exercised = { secrets: string[]; tokens: string[] };

/** Failed and successful logins, registration with its payment upload, and recovery: everything that handles a secret. */
async function exercise(t: TestApp): Promise<Exercised> {
  const secrets: string[] = [...DEMO_PASSWORDS];
  const tokens: string[] = [];
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers: token ? { 'x-token': token } : {} });

  // company login: failed and successful
  expect((await post('/login', { ...COMPANIES.andina, clave: 'ClaveEquivocada99' })).statusCode).toBe(401);
  secrets.push('ClaveEquivocada99');
  const company = await post('/login', { ...DEMO.empresa, recordar: true });
  expect(company.statusCode).toBe(200);
  tokens.push(company.json().usuario.token);

  // admin login: failed and successful
  expect((await post('/loginAdmin', { usuario: DEMO.admin.usuario, clave: 'AdminEquivocada77' })).statusCode).toBe(401);
  secrets.push('AdminEquivocada77');
  const admin = await post('/loginAdmin', DEMO.distribuidor);
  expect(admin.statusCode).toBe(200);
  tokens.push(admin.json().usuario.token);

  // calls carrying the tokens
  expect((await t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: { 'x-token': company.json().usuario.token } })).statusCode).toBe(200);
  const entered = await post('/loginDistribuidor', { ruc: COMPANIES.tornillo.ruc, usuario: COMPANIES.tornillo.usuario, clave: COMPANIES.tornillo.clave }, admin.json().usuario.token);
  expect(entered.statusCode).toBe(200);
  tokens.push(entered.json().usuario.token);
  expect((await post('/loginDistribuidor', { ruc: COMPANIES.tornillo.ruc, usuario: COMPANIES.tornillo.usuario, clave: 'DistribMala55' }, admin.json().usuario.token)).statusCode).toBe(401);
  secrets.push('DistribMala55');

  // registration: rejected (short password) and accepted, then the payment proof upload
  expect((await post('/registro', registration({ clave: 'Corta1' }))).statusCode).toBe(400);
  secrets.push('Corta1');
  const body = registration({ clave: 'RegistroSecreto2026' });
  secrets.push(body.clave);
  const registered = await post('/registro', body);
  expect(registered.statusCode).toBe(201);
  tokens.push(registered.json().tokenPago);
  const file = multipart('current', 'pago.pdf', PDF, 'application/pdf');
  const uploaded = await t.app.inject({
    method: 'POST', url: `${API}/registro/pago/${registered.json().EMP_CODIGO}/${body.EMP_RUC}/DEP-1`,
    payload: file.payload, headers: { ...file.headers, 'x-token': registered.json().tokenPago },
  });
  expect(uploaded.statusCode).toBe(201);

  // recovery: failed and successful; the new password travels only by mail
  expect((await post('/recuperar', { ruc: COMPANIES.costa.ruc, usuario: 'nadie' })).statusCode).toBe(404);
  expect((await post('/recuperar', { ruc: body.EMP_RUC, usuario: body.usuario })).statusCode).toBe(200);
  const [mail] = await t.mails();
  const nueva = /Clave nueva: (\S+)/.exec(mail.text)![1];
  secrets.push(nueva);
  expect((await post('/login', { ruc: body.EMP_RUC, usuario: body.usuario, clave: nueva })).statusCode).toBe(200);
  return { secrets, tokens };
}

function expectNoSecrets(logs: LogCapture, { secrets, tokens }: Exercised) {
  const text = logs.text;
  // the log did record the activity (otherwise this test would prove nothing)
  expect(logs.lines.length).toBeGreaterThan(20);
  expect(text).toContain(`${API}/login`);
  expect(text).toContain(`${API}/recuperar`);
  expect(text).toContain('distribuidor ingresó como empresa');
  expect(text).toContain('correo guardado en la bandeja de salida');

  expect(text).not.toContain('$argon2');
  expect(text).not.toContain('argon2');
  for (const secret of secrets) expect(text, `la clave ${secret} aparece en el log`).not.toContain(secret);
  for (const token of tokens) {
    expect(text, 'un token aparece en el log').not.toContain(token);
    expect(text, 'la firma de un token aparece en el log').not.toContain(token.split('.')[2]);
  }
}

describe.each(testDatabases)('registro de actividad sin secretos (%s)', (kind) => {
  describe('nivel debug (más detallado que el info de producción)', () => {
    let t: TestApp;
    const logs = new LogCapture();
    beforeAll(async () => { t = await startTestApp(kind, { logLevel: 'debug' }, { logStream: logs }); });
    afterAll(() => t.close());

    it('tras inicios de sesión fallidos y correctos, registro, comprobante y recuperación, el log no tiene claves, tokens ni hashes', async () => {
      expectNoSecrets(logs, await exercise(t));
    });
  });

  describe('nivel trace', () => {
    let t: TestApp;
    let exercised: Exercised;
    const logs = new LogCapture();
    beforeAll(async () => {
      t = await startTestApp(kind, { logLevel: 'trace' }, { logStream: logs });
      exercised = await exercise(t);
    });
    afterAll(() => t.close());

    it('nada de lo que registra Amelia tiene claves, tokens ni hashes (sin contar la línea de @fastify/multipart)', () => {
      const ours = new LogCapture();
      ours.lines = logs.lines.filter((line) => !line.includes('Providing options to busboy'));
      expectNoSecrets(ours, exercised);
    });

    // At trace level @fastify/multipart logs { busboyOptions: { headers } }; the redact list covers it.
    it('tampoco la línea de @fastify/multipart registra el x-token de la subida', () => {
      expectNoSecrets(logs, exercised);
    });
  });
});
