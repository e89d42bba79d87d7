import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { intentos } from '../infra/db/schema';
import { TooManyRequests } from './errors';
import { MSG } from '../../domain/messages';

/**
 * One counter of the rate limits, kept in the intentos table so every API instance shares it.
 * - ceiling: refused once `max` is reached, until the window passes with no new count (sliding: it restarts
 *   INT_VENCE at every count). `unlessKnown` names a marker that exempts the caller (see Throttle.succeeded).
 * - backoff: the first `free` counts pass; after that each one makes the caller wait 1 s, 2 s, 4 s... (capped at the window).
 */
export type Counter = { key: string; kind: 'ceiling'; max: number; unlessKnown?: string } | { key: string; kind: 'backoff'; free: number };

export type Throttle = ReturnType<typeof createThrottle>;

/** 429 while a limit lasts: seconds under a minute, minutes above. */
function tooManyAttempts(ms: number) {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `Demasiados intentos. Espere ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e intente nuevamente.`;
  return MSG.tooManyAttempts(Math.ceil(seconds / 60));
}

const refuse = (ms: number): never => {
  throw new TooManyRequests(tooManyAttempts(ms), Math.max(1, Math.ceil(ms / 1000)));
};

/** How long a counter still refuses callers, in ms (0: it lets them through). */
function waitFor(
  counter: Counter,
  row: { INT_CUENTA: number; INT_ULTIMO: Date; INT_VENCE: Date } | undefined,
  windowMs: number,
  now: number,
): number {
  if (!row || row.INT_VENCE.getTime() <= now) return 0;
  if (counter.kind === 'ceiling') return row.INT_CUENTA >= counter.max ? row.INT_VENCE.getTime() - now : 0;
  if (row.INT_CUENTA < counter.free) return 0;
  const delay = Math.min(1000 * 2 ** (row.INT_CUENTA - counter.free), windowMs);
  return Math.max(0, row.INT_ULTIMO.getTime() + delay - now);
}

export function createThrottle(db: Db, windowMs: number) {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;

  /** Adds one to each counter (starting it over if its window passed) and returns the new rows. */
  const count = (counters: Counter[]) =>
    db
      .insert(intentos)
      .values(counters.map((c) => ({ INT_CLAVE: c.key, INT_CUENTA: 1, INT_ULTIMO: sql`now()`, INT_VENCE: sql`now() + ${window}` })))
      .onConflictDoUpdate({
        target: intentos.INT_CLAVE,
        set: {
          INT_CUENTA: sql`CASE WHEN ${intentos.INT_VENCE} <= now() THEN 1 ELSE ${intentos.INT_CUENTA} + 1 END`,
          INT_ULTIMO: sql`now()`,
          INT_VENCE: sql`now() + ${window}`,
        },
      })
      .returning();

  return {
    /** Refuses (429, with how long to wait) while any counter holds the caller back. One query. */
    async check(counters: Counter[]) {
      const keys = counters.flatMap((c) => (c.kind === 'ceiling' && c.unlessKnown ? [c.key, c.unlessKnown] : [c.key]));
      const rows = new Map((await db.select().from(intentos).where(inArray(intentos.INT_CLAVE, keys))).map((r) => [r.INT_CLAVE, r]));
      const now = Date.now();
      const known = (key?: string) => Boolean(key && (rows.get(key)?.INT_VENCE.getTime() ?? 0) > now);
      const wait = Math.max(
        0,
        ...counters.map((c) => (c.kind === 'ceiling' && known(c.unlessKnown) ? 0 : waitFor(c, rows.get(c.key), windowMs, now))),
      );
      if (wait > 0) refuse(wait);
    },

    /** Counts one failure on each counter. */
    async fail(counters: Counter[]) {
      await count(counters);
    },

    /** For calls that count whether they succeed or not (recovery, registration, ticket form): counts, then refuses once over. */
    async hit(counters: Counter[]) {
      const rows = new Map((await count(counters)).map((r) => [r.INT_CLAVE, r]));
      const now = Date.now();
      // The call just counted is the one being judged: it is refused when it goes beyond max, not when it reaches it.
      const wait = Math.max(
        0,
        ...counters.map((c) => {
          const row = rows.get(c.key)!;
          return waitFor(c, { ...row, INT_CUENTA: row.INT_CUENTA - 1 }, windowMs, now);
        }),
      );
      if (wait > 0) refuse(wait);
    },

    /**
     * A correct sign-in: forgets the failures of this account from this IP and remembers the pair for
     * `knownMs`, so an attack on the account from elsewhere (its ceiling) does not keep the owner out.
     */
    async succeeded(pairKey: string, knownKey: string, knownMs: number) {
      await Promise.all([
        db.delete(intentos).where(eq(intentos.INT_CLAVE, pairKey)),
        db
          .insert(intentos)
          .values({
            INT_CLAVE: knownKey,
            INT_CUENTA: 0,
            INT_ULTIMO: sql`now()`,
            INT_VENCE: sql`now() + make_interval(secs => ${knownMs / 1000})`,
          })
          .onConflictDoUpdate({ target: intentos.INT_CLAVE, set: { INT_ULTIMO: sql`now()`, INT_VENCE: sql`excluded.int_vence` } }),
      ]);
    },

    /** Deletes counters whose window passed (run at sign-in, so the table stays small without a timer). */
    async prune() {
      await db.delete(intentos).where(lt(intentos.INT_VENCE, sql`now()`));
    },
  };
}
