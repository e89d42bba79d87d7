/**
 * Session checks a guard may reuse. Checking a token costs a signature verification and a query joining the
 * session and its account (more than a lookup by id itself: docs/performance.md); most requests of an open admin
 * tab repeat the same check. An entry is reused only while the database says nothing a check reads has been written
 * since (Database.accountsVersion: logout, clave, deactivation...), and never past the token's expiry. Without that
 * guarantee (PostgreSQL, where other instances write too) nothing is cached.
 */
export type SessionCache = {
  read<T extends { exp: number }>(token: string, load: () => Promise<T>): Promise<T>;
};

/** Bounds memory if many tokens come and go: past this many, the cache starts over. */
const MAX_ENTRIES = 10_000;

export function createSessionCache(accountsVersion: (() => number) | undefined): SessionCache {
  const entries = new Map<string, { value: { exp: number }; version: number }>();
  return {
    async read(token, load) {
      if (!accountsVersion) return load();
      const version = accountsVersion();
      const hit = entries.get(token);
      if (hit && hit.version === version && Date.now() < hit.value.exp * 1000) return hit.value as Awaited<ReturnType<typeof load>>;
      const value = await load();
      // A write that started while the check ran may have made it stale: keep it only if nothing was written.
      if (accountsVersion() === version) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(token, { value, version });
      }
      return value;
    },
  };
}
