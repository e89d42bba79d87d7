import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createPostgresDatabase } from '../helpers/server';
import { API, COMPANIES, registration } from '../helpers/accounts';
import { DEMO, DEMO_ACCOUNTS } from '../../server/infra/db/demo-accounts';
import { openDatabase } from '../../server/infra/db/client';
import { administradores, empresas, planes, usuarios } from '../../server/infra/db/schema';

/**
 * Real processes, as an operator runs them: `main()` of server/main.ts (what `npm start` runs after building the
 * web app; on PostgreSQL the compiled server itself) and the create-admin command, each with its own environment.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT = 150_000;
const CLI_TIMEOUT = 120_000;

type Exit = { code: number | null; signal: NodeJS.Signals | null };
type Proc = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<Exit> };

const running = new Set<ChildProcess>();

/** Environment without anything of the developer's that would change where the server keeps its data. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'JWT_SECRET', 'SMTP_URL', 'PORT', 'HOST', 'TRUST_PROXY', 'LOG_LEVEL']) delete env[name];
  // The base demo data only: the living demo (server/demo/vivo.ts) has its own tests.
  return { ...env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', CHECKPOINT_INTERVAL_MS: '0', DEMO_VIVO: 'false', ...extra };
}

function run(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

function startServer(env: Record<string, string>) {
  return run(['-e', "import('./server/main.ts').then((m) => m.main())"], env);
}

/**
 * The compiled server, as `npm start` runs it (server/start.mjs without building the web app): its PostgreSQL driver is
 * a chunk of its own, loaded only when DATABASE_URL is set.
 */
function startBuiltServer(env: Record<string, string>) {
  const script = `import('./server/build.mjs').then(async (b) => { await b.buildServerIfNeeded(); const { pathToFileURL } = await import('node:url'); (await import(pathToFileURL(b.serverEntry).href)).main(); })`;
  return run(['-e', script], env);
}

/** Waits for the "Amelia está lista en http://localhost:<port>/" line; fails if the process exits first. */
async function ready(server: Proc, timeoutMs = START_TIMEOUT): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exited: Exit | undefined;
  void server.exited.then((exit) => {
    exited = exit;
  });
  while (Date.now() < deadline) {
    const match = /Amelia está lista en http:\/\/localhost:(\d+)\//.exec(server.stdout());
    if (match) return `http://127.0.0.1:${match[1]}`;
    if (exited)
      throw new Error(`el servidor terminó (${JSON.stringify(exited)}) antes de estar listo:\n${server.stdout()}\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`el servidor no estuvo listo en ${timeoutMs} ms:\n${server.stdout()}\n${server.stderr()}`);
}

async function stop(server: Proc): Promise<Exit> {
  server.child.kill('SIGTERM');
  return server.exited;
}

async function createAdmin(args: string[], env: Record<string, string>) {
  const cli = run(['server/cli/create-admin.ts', ...args], env);
  const exit = await cli.exited;
  return { ...exit, stdout: cli.stdout(), stderr: cli.stderr() };
}

/** A JSON POST over real HTTP; the answer's body as the API documents it (a session on sign-in, otherwise { msg }). */
async function postJson(base: string, url: string, body: object) {
  const res = await fetch(`${base}${API}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { usuario: Record<string, unknown> & { token: string }; msg?: string } };
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

describe('el servidor como proceso, con PGlite en DATA_DIR', () => {
  let dataDir: string;
  let first: Proc;
  let base: string;
  const company = registration();
  let tokenBeforeRestart: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-proc-'));
  });
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const lockFile = () => path.join(dataDir, 'amelia.lock');

  it(
    'arranca, avisa "Amelia está lista" y muestra las cuentas de demostración recién creadas',
    async () => {
      first = startServer({ DATA_DIR: dataDir });
      base = await ready(first);
      const out = first.stdout();
      expect(out).toContain(`PGlite en ${path.join(dataDir, 'db')}`);
      expect(out).toContain('Cuentas de demostración (creadas ahora):');
      for (const account of DEMO_ACCOUNTS) expect(out).toContain(account.acceso);

      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.child.pid));
      expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);

      const login = await postJson(base, '/login', DEMO.empresa);
      expect(login.status).toBe(200);
      expect(login.body.usuario.EMP_RUC).toBe(DEMO.empresa.ruc);
      const settings = await fetch(`${base}${API}/configuraciones`);
      expect(settings.status).toBe(200);
      expect(((await settings.json()) as unknown[]).length).toBeGreaterThanOrEqual(10);
    },
    START_TIMEOUT + 10_000,
  );

  it(
    'un segundo servidor sobre el mismo DATA_DIR termina con error y dice que ya está en uso',
    async () => {
      const second = startServer({ DATA_DIR: dataDir });
      const exit = await second.exited;
      expect(exit.code).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(second.stderr()).toContain('ya está usando');
      expect(second.stderr()).toContain(`pid ${first.child.pid}`);
      expect(second.stdout()).not.toContain('Amelia está lista');
      // the first one is untouched
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.child.pid));
      expect((await postJson(base, '/login', DEMO.empresa)).status).toBe(200);
    },
    CLI_TIMEOUT,
  );

  it(
    'create-admin no abre la base mientras el servidor la usa',
    async () => {
      const result = await createAdmin(['--usuario', 'mientras', '--clave', 'Mientras2026'], { DATA_DIR: dataDir });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('ya está usando');
    },
    CLI_TIMEOUT,
  );

  it(
    'registra una empresa por HTTP y SIGTERM lo cierra con código 0 y borra amelia.lock',
    async () => {
      const created = await postJson(base, '/registro', company);
      expect(created.status).toBe(201);
      const login = await postJson(base, '/login', { ruc: company.EMP_RUC, usuario: company.usuario, clave: company.clave });
      expect(login.status).toBe(200);
      tokenBeforeRestart = login.body.usuario.token;

      const exit = await stop(first);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(fs.existsSync(lockFile())).toBe(false);
    },
    CLI_TIMEOUT,
  );

  it(
    'al reiniciar sobre el mismo DATA_DIR conserva los datos, no vuelve a sembrar y los tokens siguen valiendo',
    async () => {
      const again = startServer({ DATA_DIR: dataDir });
      try {
        base = await ready(again);
        expect(again.stdout()).toContain('Cuentas de demostración:');
        expect(again.stdout()).not.toContain('(creadas ahora)');

        const login = await postJson(base, '/login', { ruc: company.EMP_RUC, usuario: company.usuario, clave: company.clave });
        expect(login.status).toBe(200);
        expect(login.body.usuario.EMP_NOMBREC).toBe(company.EMP_NOMBREC);
        expect((await postJson(base, '/loginAdmin', DEMO.admin)).status).toBe(200);
        const mine = await fetch(`${base}${API}/miEmpresa`, { headers: { 'x-token': tokenBeforeRestart } });
        expect(mine.status).toBe(200);
        expect(((await mine.json()) as { EMP_RUC: string }).EMP_RUC).toBe(company.EMP_RUC);
      } finally {
        expect(await stop(again)).toEqual({ code: 0, signal: null });
      }
      expect(fs.existsSync(lockFile())).toBe(false);
    },
    START_TIMEOUT + 30_000,
  );

  it(
    'create-admin crea un distribuidor que inicia sesión; repetir el usuario o faltar --clave termina con error',
    async () => {
      const ok = await createAdmin(['--usuario', 'revendedor', '--clave', 'yyyyyyyy1', '--nombre', 'Revendedor Quito', '--distribuidor'], {
        DATA_DIR: dataDir,
      });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Distribuidor revendedor creado.');
      expect(fs.existsSync(lockFile())).toBe(false);

      const duplicate = await createAdmin(['--usuario', 'revendedor', '--clave', 'otraclave2'], { DATA_DIR: dataDir });
      expect(duplicate.code).not.toBe(0);
      expect(duplicate.stderr).toContain('Ya existe un administrador con el usuario revendedor');

      const missing = await createAdmin(['--usuario', 'sinclave'], { DATA_DIR: dataDir });
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain('Uso:');

      const short = await createAdmin(['--usuario', 'corta', '--clave', 'corta'], { DATA_DIR: dataDir });
      expect(short.code).not.toBe(0);
      expect(short.stderr).toContain('La clave debe tener al menos 8 caracteres');

      const server = startServer({ DATA_DIR: dataDir });
      try {
        base = await ready(server);
        const login = await postJson(base, '/loginAdmin', { usuario: 'revendedor', clave: 'yyyyyyyy1' });
        expect(login.status).toBe(200);
        expect(login.body.usuario).toMatchObject({
          ADM_USUARIO: 'revendedor',
          ADM_NOMBRE: 'Revendedor Quito',
          PRF_CODIGO: 2,
          DRB_CONTADOR: 1,
        });
        expect((await postJson(base, '/loginAdmin', { usuario: 'sinclave', clave: 'yyyyyyyy1' })).status).toBe(401);
        expect((await postJson(base, '/loginAdmin', { usuario: 'corta', clave: 'corta' })).status).toBe(401);
      } finally {
        expect(await stop(server)).toEqual({ code: 0, signal: null });
      }
    },
    4 * CLI_TIMEOUT + START_TIMEOUT,
  );

  it(
    'la base en DATA_DIR tiene los datos de demostración una sola vez, la empresa registrada y el admin creado',
    async () => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      try {
        const [{ n: admins }] = await database.db.select({ n: count() }).from(administradores);
        const [{ n: companies }] = await database.db.select({ n: count() }).from(empresas);
        const [{ n: plans }] = await database.db.select({ n: count() }).from(planes);
        expect(admins).toBe(3); // admin, distribuidor, revendedor
        expect(companies).toBe(4); // three demo companies + the one registered over HTTP
        expect(plans).toBe(6); // four electronic-document plans, a printing-house one and an Orel one
        expect(await database.db.select().from(usuarios).where(eq(usuarios.USU_USUARIO, DEMO.empresa.usuario))).toHaveLength(1);
        expect(await database.db.select().from(empresas).where(eq(empresas.EMP_RUC, company.EMP_RUC))).toHaveLength(1);
        expect(await database.db.select().from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc))).toHaveLength(1);
      } finally {
        await database.close();
      }
    },
    CLI_TIMEOUT,
  );
});

describe('el servidor como proceso tras un kill -9, con PGlite en DATA_DIR', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-proc-kill-'));
  });
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'vuelve a responder sobre el mismo DATA_DIR con todo lo que confirmó antes de morir',
    async () => {
      const first = startServer({ DATA_DIR: dataDir });
      const base = await ready(first);
      const companies = Array.from({ length: 5 }, () => registration());
      for (const company of companies) expect((await postJson(base, '/registro', company)).status).toBe(201);
      const login = await postJson(base, '/login', { ruc: companies[0].EMP_RUC, usuario: companies[0].usuario, clave: companies[0].clave });
      expect(login.status).toBe(200);
      // Killed with no chance to close PGlite: its next open replays what the WAL holds.
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(fs.existsSync(path.join(dataDir, 'amelia.lock'))).toBe(true);

      const again = startServer({ DATA_DIR: dataDir });
      try {
        const next = await ready(again);
        expect((await fetch(`${next}/api/ready`)).status).toBe(200);
        for (const company of companies) {
          const back = await postJson(next, '/login', { ruc: company.EMP_RUC, usuario: company.usuario, clave: company.clave });
          expect(back.status).toBe(200);
          expect(back.body.usuario.EMP_NOMBREC).toBe(company.EMP_NOMBREC);
        }
        const mine = await fetch(`${next}${API}/miEmpresa`, { headers: { 'x-token': login.body.usuario.token } });
        expect(mine.status).toBe(200);
        expect(fs.readFileSync(path.join(dataDir, 'amelia.lock'), 'utf8')).toBe(String(again.child.pid));
      } finally {
        expect(await stop(again)).toEqual({ code: 0, signal: null });
      }
    },
    2 * START_TIMEOUT + 30_000,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('el servidor como proceso, con DATABASE_URL (PostgreSQL)', () => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: Proc;
  let base: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-proc-pg-'));
    pgDb = await createPostgresDatabase();
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) await stop(server);
    for (const child of running) child.kill('SIGKILL');
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'arranca sobre una base nueva sin sembrar datos de demostración ni tomar el lock de DATA_DIR',
    async () => {
      server = startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: pgDb.url });
      base = await ready(server);
      expect(server.stdout()).toContain('Base de datos: PostgreSQL (DATABASE_URL)');
      expect(server.stdout()).not.toContain('Cuentas de demostración');
      expect(fs.existsSync(path.join(dataDir, 'amelia.lock'))).toBe(false);

      const admin = await postJson(base, '/loginAdmin', DEMO.admin);
      expect(admin.status).toBe(401);
      expect(admin.body.msg).toBe('Usuario o clave incorrectos');
      expect((await postJson(base, '/login', DEMO.empresa)).status).toBe(401);
      // reference data from the migrations is there
      const settings = await fetch(`${base}${API}/configuraciones`);
      expect(((await settings.json()) as unknown[]).length).toBeGreaterThanOrEqual(10);
    },
    START_TIMEOUT + 10_000,
  );

  it(
    'create-admin crea un administrador en PostgreSQL que inicia sesión en el servidor en marcha',
    async () => {
      const ok = await createAdmin(['--usuario', 'operador', '--clave', 'Operador2026'], { DATA_DIR: dataDir, DATABASE_URL: pgDb.url });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Administrador operador creado.');

      const login = await postJson(base, '/loginAdmin', { usuario: 'operador', clave: 'Operador2026' });
      expect(login.status).toBe(200);
      expect(login.body.usuario).toMatchObject({ ADM_USUARIO: 'operador', PRF_CODIGO: 1, DRB_CONTADOR: 0 });

      const duplicate = await createAdmin(['--usuario', 'operador', '--clave', 'Operador2026'], {
        DATA_DIR: dataDir,
        DATABASE_URL: pgDb.url,
      });
      expect(duplicate.code).not.toBe(0);
      expect(duplicate.stderr).toContain('Ya existe un administrador con el usuario operador');
    },
    2 * CLI_TIMEOUT,
  );

  it(
    'SIGTERM lo cierra con código 0',
    async () => {
      expect(await stop(server)).toEqual({ code: 0, signal: null });
    },
    CLI_TIMEOUT,
  );
});
