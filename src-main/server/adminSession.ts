// The editor's admin session: a secret token in the data directory, compared in constant time, and the cookie derived from it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
export function loadOrCreateAdminToken(store: Store): string {
  const path = join(store.dataDir, ADMIN_TOKEN_FILE);
  return store.transaction(() => {
    const existing = readToken(path);
    if (existing !== undefined) return existing;
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

export interface AdminSession {
  isAdminToken(presented: string): boolean;
  /** What the session cookie holds: not the token itself, and it changes when the token file is replaced. */
  readonly cookieValue: string;
  isSessionCookie(presented: string): boolean;
}

export function adminSession(token: string): AdminSession {
  // Derived rather than random per login, so a browser stays signed in across server restarts.
  const cookieValue = createHmac('sha256', token).update('labelsmith editor session').digest('base64url');
  return {
    isAdminToken: (presented) => sameSecret(presented, token),
    cookieValue,
    isSessionCookie: (presented) => sameSecret(presented, cookieValue),
  };
}

/** The link a browser can open: a wildcard listen address is reached over loopback, IPv6 literals need brackets. */
export function adminUrl(host: string, port: number, token: string): string {
  const reachable = host === '0.0.0.0' || host === '::' ? DEFAULT_HOST : host;
  const url = new URL(`http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}/`);
  url.searchParams.set('token', token);
  return url.href;
}
