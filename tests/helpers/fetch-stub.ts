import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

export type StubAnswer = { status?: number; body: unknown; headers?: Record<string, string> };
/** Answers a request it knows (JSON), or undefined to let the next route try. */
export type StubRoute = (url: URL, method: string) => StubAnswer | undefined;
export type SentRequest = { method: string; path: string; url: URL; body: unknown };

/** A route that answers `method path` with `body` (or what `body()` gives at the time of the request). */
export const on =
  (method: string, path: string, body: unknown, headers?: Record<string, string>, status?: number): StubRoute =>
  (url, m) =>
    m === method && url.pathname === path
      ? { body: typeof body === 'function' ? (body as () => unknown)() : body, headers, status }
      : undefined;

/**
 * Screens with their real components and data provider, only HTTP stubbed: for each test of the file, `fetch` answers
 * from `routes` (the first that knows the request; otherwise 404 `{ msg }`) and records every request in `sent`. Both
 * arrays keep their identity and are emptied between tests.
 */
export function stubFetch() {
  const routes: StubRoute[] = [];
  const sent: SentRequest[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://localhost');
        const method = init.method ?? 'GET';
        sent.push({ method, path: url.pathname, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        for (const route of routes) {
          const answer = route(url, method);
          if (answer)
            return new Response(JSON.stringify(answer.body), {
              status: answer.status ?? 200,
              headers: { 'Content-Type': 'application/json', ...answer.headers },
            });
        }
        return new Response(JSON.stringify({ msg: `sin ruta ${method} ${url.pathname}` }), { status: 404 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    routes.length = 0;
  });
  return { routes, sent };
}
