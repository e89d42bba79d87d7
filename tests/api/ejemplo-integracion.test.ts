import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/processes';
import { DEMO } from '../../server/infra/db/demo-accounts';

/**
 * docs/integraciones.md promises that `npm run ejemplo-integracion` works against `npm run demo`: the demo runs here as
 * an operator starts it (server/cli/demo.ts: the local SRI, then the built server in a process of its own, the living
 * demo's catalogue, a plan for the hardware store) in a temp DATA_DIR on free ports, and the example runs as a child
 * process with only AMELIA_URL, exactly as an integrator copies it. The demo is PGlite by design: it is not run on
 * PostgreSQL.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const EJEMPLO = path.join(ROOT, 'docs', 'ejemplos', 'integracion.mjs');

type Salida = { codigo: number | null; texto: string };

function ejecutarEjemplo(amelia: string): Promise<Salida> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, AMELIA_URL: amelia };
    for (const name of ['AMELIA_RUC', 'AMELIA_USUARIO', 'AMELIA_CLAVE', 'EJEMPLO_PRODUCTO']) delete env[name];
    execFile(process.execPath, [EJEMPLO], { cwd: os.tmpdir(), env, timeout: 75_000 }, (error, stdout, stderr) =>
      resolve({ codigo: error ? ((error as { code?: number }).code ?? 1) : 0, texto: `${stdout}${stderr}` }),
    );
  });
}

describe('npm run ejemplo-integracion contra npm run demo', () => {
  let demo: ChildProcess;
  let salidaDemo = '';
  let amelia: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-ejemplo-'));

  beforeAll(async () => {
    const [puerto, puertoSri] = [await freePort(), await freePort()];
    amelia = `http://127.0.0.1:${puerto}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'HOST', 'TRUST_PROXY', 'DEMO_VIVO', 'WEBHOOKS_REDES_PRIVADAS'])
      delete env[name];
    demo = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'cli', 'demo.ts')], {
      cwd: ROOT,
      env: {
        ...env,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(puerto),
        SRI_LOCAL_PORT: String(puertoSri),
        LOG_LEVEL: 'warn',
        // The API alone: an empty WEB_DIR spares the web app's build, which the example never opens.
        WEB_DIR: path.join(dir, 'web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    demo.stdout!.on('data', (chunk: Buffer) => (salidaDemo += chunk.toString('utf8')));
    demo.stderr!.on('data', (chunk: Buffer) => (salidaDemo += chunk.toString('utf8')));
    const hasta = Date.now() + 150_000;
    while (!salidaDemo.includes('Demostración lista:')) {
      if (demo.exitCode !== null || salidaDemo.includes('No se pudo preparar la demostración'))
        throw new Error(`npm run demo no arrancó:\n${salidaDemo}`);
      if (Date.now() > hasta) throw new Error(`npm run demo no estuvo lista a tiempo:\n${salidaDemo}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 160_000);

  afterAll(async () => {
    if (demo && demo.exitCode === null) {
      const salio = new Promise((resolve) => demo.once('exit', resolve));
      demo.kill('SIGTERM');
      const reloj = setTimeout(() => demo.kill('SIGKILL'), 15_000);
      await salio;
      clearTimeout(reloj);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('crea una clave, emite una factura autorizada, muestra el reintento y verifica el webhook; y se puede repetir', async () => {
    const { codigo, texto } = await ejecutarEjemplo(amelia);
    expect(codigo, texto).toBe(0);
    const numero = /número: (\d{3}-\d{3}-\d{9})/.exec(texto)?.[1];
    expect(numero, texto).toBeDefined();
    expect(texto).toMatch(/clave de acceso: \d{49}/);
    expect(texto).toMatch(/comprador: \d{10} CLIENTE DEL EJEMPLO DE INTEGRACIÓN \(nuevo\)/);
    expect(texto).toContain(`Idempotent-Replayed: true, la misma factura ${numero} (no se emitió otra)`);
    expect(texto).toMatch(/Amelia-Event: comprobante\.autorizado/);
    expect(texto).toMatch(/Amelia-Signature: t=\d+,v1=[0-9a-f]{64} \(firma verificada\)/);
    expect(texto).toContain(`"numero": "${numero}"`);
    expect(texto).toContain('"estado": "AUTORIZADA"');
    expect(texto).toContain(`✔ Factura ${numero} AUTORIZADA y su webhook verificado.`);

    // What the company sees afterwards: one invoice for that sale (the retry issued nothing), no webhook left and
    // the example's key revoked.
    const cedula = /comprador: (\d{10})/.exec(texto)![1];
    const login = await fetch(`${amelia}/api/EmpresasAmelia/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.ferreteria),
    });
    const token = { 'x-token': ((await login.json()) as { usuario: { token: string } }).usuario.token };
    const leer = async <T>(ruta: string) => (await (await fetch(`${amelia}${ruta}`, { headers: token })).json()) as T;
    const facturas = await leer<Array<{ FAC_NUMERO: string; FAC_ESTADO: string }>>(
      `/api/facturas?filter=${encodeURIComponent(JSON.stringify({ q: cedula }))}`,
    );
    expect(facturas.map((f) => [f.FAC_NUMERO, f.FAC_ESTADO])).toEqual([[numero, 'AUTORIZADA']]);
    expect(await leer('/api/webhooks')).toEqual([]);
    const claves = await leer<Array<{ CLA_NOMBRE: string; CLA_REVOCADA: string | null }>>('/api/clavesApi');
    expect(claves.filter((c) => c.CLA_NOMBRE === 'Ejemplo de integración').map((c) => c.CLA_REVOCADA !== null)).toEqual([true]);

    const otraVez = await ejecutarEjemplo(amelia);
    expect(otraVez.codigo, otraVez.texto).toBe(0);
    expect(otraVez.texto).not.toContain(`número: ${numero}`);
    expect(otraVez.texto).toContain('AUTORIZADA y su webhook verificado.');
  }, 120_000);
});
