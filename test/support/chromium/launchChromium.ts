// Starts Debian's Chromium headless with the flags this sandboxed, offline workplace needs (tests, e2e, benchmark).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's binary first: the /usr/bin/chromium wrapper script starts slower (NOTES.md). */
const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

export function chromiumPath(): string | undefined {
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed (apt-get install chromium)');
  return chromium.launch({
    executablePath,
    // Without the networking flags Chromium keeps trying hosts this machine cannot reach.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}
