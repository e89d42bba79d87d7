import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium as the e2e suite and the bench drive it: headless, Spanish, and without the background connections
 * this closed network refuses. Free of vitest so the bench can import it.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=es-EC',
    ],
  });
}
