import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

/** Real processes for the API suites that need them: the server as an operator runs it, and a PostgreSQL cluster of its own. */
const ROOT = path.resolve(import.meta.dirname, '../..');

export type Exit = { code: number | null; signal: NodeJS.Signals | null };
export type ServerProcess = { child: ChildProcess; output: () => string; exit: () => Exit | undefined; exited: Promise<Exit> };

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `main()` of server/main.ts under tsx, listening on 127.0.0.1 with a free port, with nothing of the developer's
 * environment that would change where it keeps its data. Resolves with its base URL once it says it is ready.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ server: ServerProcess; base: string }> {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'JWT_SECRET', 'SMTP_URL', 'PORT', 'HOST', 'TRUST_PROXY', 'LOG_LEVEL']) delete clean[name];
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', "import('./server/main.ts').then((m) => m.main())"], {
    cwd: ROOT,
    // The base demo data only: the living demo (server/demo/vivo.ts) has its own tests.
    env: { ...clean, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', CHECKPOINT_INTERVAL_MS: '0', DEMO_VIVO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: Exit | undefined;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve((exit = { code, signal }))));
  const server: ServerProcess = { child, output: () => output, exit: () => exit, exited };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Amelia está lista en http:\/\/localhost:(\d+)\//.exec(output);
    if (match) return { server, base: `http://127.0.0.1:${match[1]}` };
    if (exit) throw new Error(`el servidor terminó (${JSON.stringify(exit)}) antes de estar listo:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`el servidor no estuvo listo en ${timeoutMs} ms:\n${output}`);
}

/** The newest PostgreSQL server binaries installed the Debian way, as .ci/run finds them; undefined when there are none. */
export function postgresBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1)!, 'bin') : undefined;
}

const run = promisify(execFile);
const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * A throwaway PostgreSQL cluster in a temp dir, on its own port, that a test may restart or kill. PostgreSQL refuses to
 * run as root, so as root (CI) its commands run as the postgres user, as .ci/run does.
 */
export async function startPostgresCluster(bin: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', root]);
  const data = path.join(root, 'data');
  const port = await freePort();
  // Asynchronous: the test keeps sending requests while PostgreSQL restarts.
  const pgCommand = async (program: string, args: string[]) => {
    const line = [path.join(bin, program), ...args].map(shellQuote).join(' ');
    await run(asRoot ? 'su' : 'sh', asRoot ? ['postgres', '-s', '/bin/sh', '-c', line] : ['-c', line], { timeout: 60_000 });
  };
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => pgCommand('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), '-w', '-o', options, 'start']);
  await pgCommand('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  await start();

  /** The postmaster and, when `withBackends`, every process it started (the backends hold the shared memory). */
  const postmasterPids = (withBackends: boolean): number[] => {
    const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!withBackends) return [postmaster];
    const children = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // The field after the parenthesised command name: state, then the parent's pid.
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      });
    return [postmaster, ...children.map(Number)];
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** `pg_ctl restart -m fast`: every connection is terminated (57P01), then the server comes back. */
    restart: () => pgCommand('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), '-w', '-m', 'fast', '-o', options, 'restart']),
    /** A crash: the postmaster and its backends die at once (SIGKILL); the cluster stays down until start(). */
    async kill() {
      const pids = postmasterPids(true);
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      while (pids.some(alive)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    /** Starts the cluster again (after kill(): with crash recovery). */
    start,
    async stop() {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {
        // already down
      });
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
