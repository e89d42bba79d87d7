import type { ServerOptions } from 'node:http';
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

/**
 * A body refused as too large (413) is not read to its end: the answer says Connection: close and Node closes the socket
 * once it is sent. Otherwise a client that keeps sending (a 300 MB upload over a 50 MB limit) holds the connection
 * while the server reads and discards everything. Fastify already does this for the bodies it parses itself, not for
 * a multipart file refused while it streams.
 */
export function closeAfterRefusedBody(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every reply, and a promise per reply costs more than the check.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 413) reply.header('connection', 'close');
    done(null, payload);
  });
}
