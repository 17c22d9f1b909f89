// The editor's admin access: a secret token in the data directory, compared in constant time, and the browser sessions it opens.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tightenFile } from '../files/privateModes';
import { writeFileAtomically } from '../files/writeOutput';
import type { Store } from '../store/openStore';
import { DEFAULT_HOST } from './serverConfig';

export const ADMIN_TOKEN_FILE = 'admin-token';
/** 32 random bytes are 43 URL-safe base64 characters: 256 bits, past any guessing. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function readToken(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Anything else (an emptied or hand-edited file) is no token: a fresh one replaces it.
  return TOKEN_PATTERN.test(text) ? text : undefined;
}

/**
 * The data directory's admin token, made on first use and reused after. The check and the write happen under the
 * database's write lock, so a server and `labelsmith admin-url` starting at the same moment end up with one token.
 */
export function loadOrCreateAdminToken(store: Store): Promise<string> {
  const path = join(store.dataDir, ADMIN_TOKEN_FILE);
  return store.transaction(async () => {
    const existing = readToken(path);
    // One an older version wrote may be readable by others: it is tightened, not replaced (open editor links keep working).
    if (existing !== undefined) {
      tightenFile(path);
      return existing;
    }
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    writeFileAtomically(path, Buffer.from(`${token}\n`), 0o600);
    return token;
  });
}

/** Hashing first gives equal lengths, so timingSafeEqual neither throws nor reveals the secret's length. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** A browser session ends after this long without a request (each request signed in with its cookie restarts the clock). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const SESSION_BYTES = 32;

/** A session's cookie value and when it ends unless used before (ms since the epoch; Infinity: never by itself). */
export interface LiveSession {
  cookie: string;
  idlesOutAt: number;
}

export interface AdminSession {
  isAdminToken(presented: string): boolean;
  /**
   * Starts a session; its cookie value is random, unrelated to the token. `idles: false` is for the desktop window,
   * which its own process signs in and which would otherwise show the sign-in page after a night.
   */
  open(options?: { idles: boolean }): LiveSession;
  /** The live session this cookie value proves, its idle clock restarted; undefined (and forgotten) if it idled out. */
  touch(presented: string): LiveSession | undefined;
  /** Ends the session at once: its cookie is refused from now on, whoever holds a copy. */
  end(presented: string): void;
}

/**
 * Sessions live in the server's memory: a logout or an idle session ends for certain, and a restart signs browsers out
 * (the admin link signs them in again). Keyed by a hash of the cookie value, so a lookup's timing says nothing of it.
 */
export function adminSession(token: string, now: () => number = Date.now): AdminSession {
  /** Last use of each session; -Infinity for sessions that do not idle out. */
  const lastUse = new Map<string, number>();
  const keyOf = (value: string): string => createHash('sha256').update(value, 'utf8').digest('base64url');
  const idlesOutAt = (used: number): number =>
    used === Number.NEGATIVE_INFINITY ? Number.POSITIVE_INFINITY : used + SESSION_IDLE_MS;
  const forgetIdle = (at: number): void => {
    for (const [key, used] of lastUse) if (idlesOutAt(used) <= at) lastUse.delete(key);
  };
  return {
    isAdminToken: (presented) => sameSecret(presented, token),
    open(options = { idles: true }) {
      const at = now();
      // Sign-ins are rare (each needs the token), so sweeping then keeps the table to the live sessions.
      forgetIdle(at);
      const cookie = randomBytes(SESSION_BYTES).toString('base64url');
      const used = options.idles ? at : Number.NEGATIVE_INFINITY;
      lastUse.set(keyOf(cookie), used);
      return { cookie, idlesOutAt: idlesOutAt(used) };
    },
    touch(presented) {
      const key = keyOf(presented);
      const used = lastUse.get(key);
      if (used === undefined) return undefined;
      const at = now();
      if (idlesOutAt(used) <= at) {
        lastUse.delete(key);
        return undefined;
      }
      const renewed = used === Number.NEGATIVE_INFINITY ? used : at;
      lastUse.set(key, renewed);
      return { cookie: presented, idlesOutAt: idlesOutAt(renewed) };
    },
    end(presented) {
      lastUse.delete(keyOf(presented));
    },
  };
}

/** The link a browser can open: a wildcard listen address is reached over loopback, IPv6 literals need brackets. */
export function adminUrl(host: string, port: number, token: string, scheme: 'http' | 'https' = 'http'): string {
  const reachable = host === '0.0.0.0' || host === '::' ? DEFAULT_HOST : host;
  const url = new URL(`${scheme}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}/`);
  url.searchParams.set('token', token);
  return url.href;
}
