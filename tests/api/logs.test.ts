import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, DEMO_PASSWORDS, registration } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

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
  expect(
    (await t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: { 'x-token': company.json().usuario.token } })).statusCode,
  ).toBe(200);
  const entered = await post(
    '/loginDistribuidor',
    { ruc: COMPANIES.tornillo.ruc, usuario: COMPANIES.tornillo.usuario, clave: COMPANIES.tornillo.clave },
    admin.json().usuario.token,
  );
  expect(entered.statusCode).toBe(200);
  tokens.push(entered.json().usuario.token);
  expect(
    (
      await post(
        '/loginDistribuidor',
        { ruc: COMPANIES.tornillo.ruc, usuario: COMPANIES.tornillo.usuario, clave: 'DistribMala55' },
        admin.json().usuario.token,
      )
    ).statusCode,
  ).toBe(401);
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
    method: 'POST',
    url: `${API}/registro/pago/${registered.json().EMP_CODIGO}/${body.EMP_RUC}/DEP-1`,
    payload: file.payload,
    headers: { ...file.headers, 'x-token': registered.json().tokenPago },
  });
  expect(uploaded.statusCode).toBe(201);

  // recovery: an unknown account gets the same answer; the temporary clave travels only by mail
  expect((await post('/recuperar', { ruc: COMPANIES.costa.ruc, usuario: 'nadie' })).statusCode).toBe(200);
  expect((await post('/recuperar', { ruc: body.EMP_RUC, usuario: body.usuario })).statusCode).toBe(200);
  const mail = await vi.waitFor(async () => {
    const [sent] = await t.mails();
    if (!sent) throw new Error('todavía no llega el correo de recuperación');
    return sent;
  });
  const temporal = /Clave temporal: (\S+)/.exec(mail.text)![1];
  secrets.push(temporal);
  expect((await post('/login', { ruc: body.EMP_RUC, usuario: body.usuario, clave: temporal })).statusCode).toBe(200);
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

/** No line has a demo password, an argon2 hash, a JWT or a statement's parameters. */
function expectNothingSecret(logs: LogCapture, extraSecrets: string[] = []) {
  for (const line of logs.lines) {
    for (const secret of [...DEMO_PASSWORDS, ...extraSecrets])
      expect(line.includes(secret) ? line : '', `la clave ${secret} aparece en el log`).toBe('');
    expect(line).not.toContain('$argon2');
    expect(line).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(line).not.toContain('params:');
  }
}

/** Requests a client may get wrong, each carrying a password: none may reach a log line with its secrets. */
async function sendBadInputs(t: TestApp, clave: string) {
  const inject = (
    method: 'POST' | 'PUT' | 'GET' | 'DELETE',
    url: string,
    payload?: string | object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url: `${API}${url}`, payload, headers });
  const statuses = [
    await inject('POST', '/registro', registration({ usuario: 'a\u0000b', clave })),
    await inject('POST', '/registro', registration({ EMP_NOMBREC: 'x\u202e', clave })),
    await inject('POST', '/login', { ...COMPANIES.andina, usuario: 'a\u0000b', clave }),
    await inject('POST', '/login', { ...COMPANIES.andina, clave: `${clave}\u0000` }),
    await inject('POST', '/loginAdmin', `{"usuario":"admin","clave":"${clave}"`, { 'content-type': 'application/json' }),
    await inject('POST', '/loginAdmin', { usuario: DEMO.admin.usuario, clave: [clave] }),
    await inject('POST', '/recuperar', { ruc: COMPANIES.andina.ruc, usuario: 1e308 }),
    await inject('GET', '/soporte/%E0%A4%A'),
    await inject('GET', '/soporte/0x10'),
    await inject('POST', '/soporte/docCli/1', `--x\r\nContent-Disposition: form-data; name="current"; filename="${clave}.zip"\r\n\r\nPK`, {
      'content-type': 'multipart/form-data; boundary=x',
    }),
  ].map((res) => res.statusCode);
  for (const status of statuses) expect(status).toBeLessThan(500);
}

describe.each(testDatabases)('registro de actividad ante entradas inválidas y fallos de la base de datos (%s)', (kind) => {
  let t: TestApp;
  const logs = new LogCapture();
  beforeAll(async () => {
    t = await startTestApp(kind, { logLevel: 'trace' }, { logStream: logs });
  });
  afterAll(() => t.close());

  it('entradas inválidas de todo tipo no dejan claves, hashes, tokens ni parámetros de consultas en el log', async () => {
    await sendBadInputs(t, 'ClaveFuzz2026');
    expect(logs.lines.length).toBeGreaterThan(10);
    expectNothingSecret(logs, ['ClaveFuzz2026']);
  });

  it('un INSERT que la base de datos rechaza registra su SQLSTATE y su tabla, no la consulta ni sus parámetros', async () => {
    // A check no row passes: the registration's insert of the user (with its argon2 hash) fails in the database.
    await t.db.execute(sql`ALTER TABLE usuarios ADD CONSTRAINT prueba_rechaza_todo CHECK (false) NOT VALID`);
    logs.lines = [];
    const res = await t.app.inject({ method: 'POST', url: `${API}/registro`, payload: registration({ clave: 'ClaveDelInsert2026' }) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ msg: MSG.internal });
    const failure = logs.lines.find((line) => line.includes('error interno'));
    expect(failure).toBeDefined();
    expect(JSON.parse(failure!).database).toEqual({ code: '23514', table: 'usuarios', constraint: 'prueba_rechaza_todo' });
    expect(failure).not.toMatch(/insert into/i);
    expectNothingSecret(logs, ['ClaveDelInsert2026']);
  });
});

describe.each(testDatabases)('registro de actividad sin secretos (%s)', (kind) => {
  describe('nivel debug (más detallado que el info de producción)', () => {
    let t: TestApp;
    const logs = new LogCapture();
    beforeAll(async () => {
      t = await startTestApp(kind, { logLevel: 'debug' }, { logStream: logs });
    });
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
