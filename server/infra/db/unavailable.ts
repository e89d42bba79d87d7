/**
 * Failures that say the database cannot be reached right now (PostgreSQL restarting, down, or out of connections),
 * as opposed to a statement that is wrong: the request may succeed if repeated in a few seconds, so it is a 503.
 */
export const DATABASE_UNAVAILABLE = 'El servicio no está disponible en este momento; intente nuevamente en unos segundos.';

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (terminated by an administrator or a crash, or the server is
 * starting up or shutting down), 53300 (too many connections). The rest are the socket's errors while connecting.
 */
const CODES = /^(08...|57P0[123]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;

/**
 * node-postgres reports a connection lost or never made with a plain Error and no code: "Connection terminated
 * unexpectedly", "Connection terminated due to connection timeout", pg-pool's "timeout exceeded when trying to connect",
 * and a client that saw its connection fail is "not queryable".
 */
const MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/** Whether the error, or any error it wraps (drizzle keeps the driver's in `cause`), means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e && typeof e === 'object';
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && CODES.test(e.code)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  }
  return false;
}
