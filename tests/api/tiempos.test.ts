import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { API, createTicket } from '../helpers/soporte-api';

/**
 * Time limits of the HTTP server over real sockets: a client that sends slowly, stops sending, or keeps sending after
 * its body was refused must not hold a connection. The limits are the config's, made small here so the suite is quick.
 */
const LIMITS = { headersTimeoutMs: 500, requestTimeoutMs: 2_000, idleTimeoutMs: 1_000, keepAliveTimeoutMs: 5_000 };
/** How long after its limit, or after a 413, a connection may stay open: Node checks its timers periodically. */
const SLACK_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection that keeps what the server answered and when it closed. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let firstByteAt: number | undefined;
  socket.on('data', (chunk: Buffer) => {
    firstByteAt ??= Date.now();
    received += chunk.toString('latin1');
  });
  // Writing to a connection the server closed fails (EPIPE, ECONNRESET): that is the expected end here.
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  /** Both listeners go once either fires: a long upload waits for 'drain' hundreds of times. */
  const untilDrainedOrClosed = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        socket.off('drain', done).off('close', done);
        resolve();
      };
      socket.on('drain', done).on('close', done);
    });
  return {
    socket,
    opened,
    closed,
    isClosed: () => socket.destroyed,
    received: () => received,
    firstByteAt: () => firstByteAt,
    /** When the server closed the connection; Infinity (and the test closes it) when it is still open. */
    async closedAt() {
      if (socket.destroyed) return closed;
      socket.destroy();
      return Infinity;
    },
    /** Writes `chunk` every `everyMs` until the connection closes or `maxMs` pass. */
    async trickle(chunk: string | Buffer, everyMs: number, maxMs: number) {
      const deadline = Date.now() + maxMs;
      while (!socket.destroyed && Date.now() < deadline) {
        if (!socket.write(chunk)) await untilDrainedOrClosed();
        await sleep(everyMs);
      }
    },
  };
}

/** A test app with these HTTP limits, listening on a free port of 127.0.0.1. */
async function listening(http: typeof LIMITS) {
  const app = await startTestApp('pglite', { http });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { t: app, port: (app.app.server.address() as net.AddressInfo).port };
}

describe('tiempos de espera del servidor HTTP', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    ({ t, port } = await listening(LIMITS));
  });
  afterAll(() => t.close());

  it('un cliente que envía las cabeceras byte a byte (slowloris) recibe 408 y se cierra al vencer el tiempo de cabeceras', async () => {
    const client = connect(port);
    await client.opened;
    const start = Date.now();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: ');
    await client.trickle('a', 50, 5_000);
    const closedAt = await client.closedAt();
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - start).toBeLessThan(LIMITS.headersTimeoutMs + SLACK_MS);
  });

  it('un cuerpo que llega lento pero sin pausas se corta al vencer el tiempo de la solicitud', async () => {
    const client = connect(port);
    await client.opened;
    const start = Date.now();
    client.socket.write(
      `POST ${API}/soporte HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"`,
    );
    await client.trickle('x', 100, 8_000);
    const closedAt = await client.closedAt();
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - start).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 100);
    expect(closedAt - start).toBeLessThan(LIMITS.requestTimeoutMs + SLACK_MS);
  });

  it('una conexión que deja de enviar a mitad del cuerpo se cierra al vencer el tiempo de inactividad', async () => {
    const client = connect(port);
    await client.opened;
    const start = Date.now();
    client.socket.write(
      `POST ${API}/soporte HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
    );
    await Promise.race([client.closed, sleep(5_000)]);
    const closedAt = await client.closedAt();
    expect(closedAt - start).toBeGreaterThanOrEqual(LIMITS.idleTimeoutMs - 100);
    expect(closedAt - start).toBeLessThan(LIMITS.idleTimeoutMs + SLACK_MS);
  });

  /** Streams `chunk` as fast as the server reads until it closes (or `maxMs`): when did the 413 come, and the close. */
  async function keepSendingPastTheLimit(head: string, chunk: Buffer, to = port, maxMs = 6_000) {
    const client = connect(to);
    await client.opened;
    client.socket.write(head);
    await client.trickle(chunk, 1, maxMs);
    const closedAt = await client.closedAt();
    expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(client.received().toLowerCase()).toContain('connection: close');
    return closedAt - client.firstByteAt()!;
  }

  it('un JSON que sigue llegando después del 413 (sin Content-Length) no retiene la conexión', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const head = `POST ${API}/soporte HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    expect(await keepSendingPastTheLimit(head, framed)).toBeLessThan(SLACK_MS);
  });

  it('un JSON que anuncia 300 MB recibe 413 de inmediato y la conexión se cierra aunque el cliente siga enviando', async () => {
    const head = `POST ${API}/soporte HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n`;
    expect(await keepSendingPastTheLimit(head, Buffer.alloc(64 * 1024, 'a'))).toBeLessThan(SLACK_MS);
  });

  it('el 413 llega aunque el cliente lo lea tarde: el servidor no corta la conexión con un reset', async () => {
    // The client reads nothing for a while after sending: if the server closed with the upload unread in its buffer, the
    // kernel's reset would throw away the answer waiting in the client's buffer.
    const client = connect(port);
    await client.opened;
    client.socket.pause();
    client.socket.write(
      `POST ${API}/soporte HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n`,
    );
    client.socket.write(Buffer.alloc(4 * 1024 * 1024, 'a'));
    await sleep(300);
    client.socket.resume();
    await Promise.race([client.closed, sleep(3_000)]);
    expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(await client.closedAt()).toBeLessThan(Infinity);
  });

  describe('con un tiempo de solicitud que no corta la subida', () => {
    // The ticket's attachment limit is ~48 MiB: on a loaded 2-core CI machine, streaming that much can take longer than
    // the 2 s request limit above, and then the request limit, not the file's, ends the connection without a 413.
    let uploads: TestApp;
    let uploadsPort: number;

    beforeAll(async () => {
      ({ t: uploads, port: uploadsPort } = await listening({ ...LIMITS, requestTimeoutMs: 120_000 }));
    });
    afterAll(() => uploads.close());

    it('un adjunto multipart que pasa su límite recibe 413 y la conexión se cierra aunque el cliente siga enviando', async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(uploads);
      const boundary = 'limite-de-prueba';
      const head =
        `POST ${API}/soporte/docCli/${SPT_ID} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-token: ${tokenArchivo}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${2 ** 31}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="current"; filename="grande.zip"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04`;
      const afterRefusal = await keepSendingPastTheLimit(head, Buffer.alloc(256 * 1024), uploadsPort, 60_000);
      // The refusal is the file's: the connection ends right after the 413, while the client is still sending.
      expect(afterRefusal).toBeLessThan(SLACK_MS);
    }, 90_000);
  });
});
