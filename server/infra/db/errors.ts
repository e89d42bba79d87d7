import { DrizzleQueryError } from 'drizzle-orm/errors';

/** The PostgreSQL error code of a failed statement; drizzle may wrap the driver's error in `cause`. */
const codeOf = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
};

/** A unique index refused the row. */
export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';
/** A foreign key refused the change: the row is still referenced, or references nothing. */
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503';

/**
 * What may be logged of a failed statement: its SQLSTATE, table and constraint, or undefined when the error is not
 * the database's. Never the message: drizzle's "Failed query: ... params: ..." carries the values (password hashes).
 */
export function databaseFailure(error: unknown): { code: string; table?: string; constraint?: string } | undefined {
  type Failure = { code?: unknown; severity?: unknown; table?: unknown; constraint?: unknown; cause?: unknown };
  const chain: Failure[] = [];
  for (let e = error as Failure | undefined; e && typeof e === 'object'; e = e.cause as Failure | undefined) chain.push(e);
  // The server's error message (pg and PGlite alike) has a severity and a SQLSTATE code.
  const server = chain.find((e) => typeof e.severity === 'string' && typeof e.code === 'string');
  if (server) {
    return {
      code: String(server.code),
      ...(typeof server.table === 'string' ? { table: server.table } : {}),
      ...(typeof server.constraint === 'string' ? { constraint: server.constraint } : {}),
    };
  }
  // A failed query without a server message (a broken connection) is still the database's.
  return chain.some((e) => e instanceof DrizzleQueryError) ? { code: 'sin SQLSTATE' } : undefined;
}
