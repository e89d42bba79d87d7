import { HttpError } from './errors';
import { MSG } from '../../src/domain/messages';

type Window = { count: number; resetAt: number };

/**
 * Fixed-window counters kept in memory, one per key ("login:ip:1.2.3.4", "login:cuenta:ruc/usuario").
 * Login, recovery, registration and the ticket form count tries per IP and per account.
 */
export class RateLimiter {
  private windows = new Map<string, Window>();

  constructor(private windowMs: number) {
    setInterval(() => this.prune(), Math.min(windowMs, 60_000)).unref();
  }

  /** Counts one try for the key; throws 429 with a Spanish message when over max. */
  hit(key: string, max: number, now = Date.now()): void {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count > max) this.reject(window, now);
  }

  /** Throws 429 if the key is already over max, without counting. */
  check(key: string, max: number, now = Date.now()): void {
    const window = this.windows.get(key);
    if (window && window.resetAt > now && window.count >= max) this.reject(window, now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private reject(window: Window, now: number): never {
    const minutes = Math.max(1, Math.ceil((window.resetAt - now) / 60_000));
    throw new HttpError(429, MSG.tooManyAttempts(minutes));
  }

  private prune(now = Date.now()) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
