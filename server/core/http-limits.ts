import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * How long a client may take (Config.http): Fastify's options for the HTTP server. Node enforces the headers and request
 * limits on a periodic sweep (every 30 s by default, which would let a 15 s limit run to 45 s), so the sweep runs at
 * a quarter of the shorter limit.
 */
export function serverTimeouts({ http }: Config) {
  const limits = [http.headersTimeoutMs, http.requestTimeoutMs].filter((ms) => ms > 0);
  return {
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    http: {
      // Also here: creating the server checks headersTimeout against it.
      requestTimeout: http.requestTimeoutMs,
      headersTimeout: http.headersTimeoutMs,
      ...(limits.length ? { connectionsCheckingInterval: Math.max(100, Math.ceil(Math.min(...limits) / 4)) } : {}),
    } satisfies ServerOptions,
  };
}

/** How long a refused upload's connection still reads (and drops) what the client sends after its 413. */
const LINGER_MS = 1_000;

/**
 * A body refused as too large (413) is not read to its end: the answer says Connection: close and the connection ends
 * after it. Otherwise a client that keeps sending (a 300 MB upload over a 50 MB limit) holds the connection while the
 * server reads and discards everything. Fastify already says Connection: close for the bodies it parses itself, not for
 * a multipart file refused while it streams.
 *
 * Node destroys such a socket as soon as the answer is written (destroySoon). The upload still arriving is then
 * unread, and closing a socket with unread data makes the kernel answer with a reset, which discards the 413 from the
 * client's buffer if it has not read it yet: under load, 2 uploads in 15 got no answer at all, only a broken pipe. So
 * the connection is closed as nginx's lingering_close does: the answer and a FIN, then what the client still sends is
 * read and dropped until it closes its side, for LINGER_MS at most.
 */
export function closeAfterRefusedBody(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every reply, and a promise per reply costs more than the check.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 413) {
      reply.header('connection', 'close');
      lingerOnClose(reply.raw.socket);
    }
    done(null, payload);
  });
}

/**
 * destroySoon is what Node's HTTP server calls on the socket once an answer with Connection: close is written (an
 * undocumented method of net.Socket; tiempos.test.ts shows it if Node stops calling it).
 */
function lingerOnClose(socket: Socket | null) {
  if (!socket) return;
  (socket as Socket & { destroySoon(): void }).destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  };
}
