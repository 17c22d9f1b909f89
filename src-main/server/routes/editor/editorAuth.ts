// Who may use the editor's /api: the admin token as a Bearer, or the session cookie set by the admin link (plus the CSRF header for changes).
import type { Context, Next } from 'koa';
import { AuthRequiredError, ForbiddenError } from '../../../../src-shared/api/apiErrors';
import { EDITOR_HEADER, SESSION_COOKIE } from '../../../../src-shared/api/editorApi';
import type { AdminSession } from '../../adminSession';

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isEditorApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Guards every /api path, known or not, so the private API reveals nothing (not even its 404s) without a session. */
export function requireAdminSession(session: AdminSession) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!isEditorApiPath(ctx.path)) return next();
    const bearer = BEARER_PATTERN.exec(ctx.get('Authorization'))?.[1];
    if (bearer !== undefined && session.isAdminToken(bearer)) return next();
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    if (cookie !== undefined && session.isSessionCookie(cookie)) {
      // Browsers attach the cookie to requests other sites make; only the editor's own script can add this header.
      if (!SAFE_METHODS.has(ctx.method) && ctx.get(EDITOR_HEADER) !== '1') {
        throw new ForbiddenError(`changes made with the session cookie must send the header ${EDITOR_HEADER}: 1`);
      }
      return next();
    }
    throw new AuthRequiredError('an admin session is required: open the link `labelsmith admin-url` prints, or send Authorization: Bearer <admin token>');
  };
}

/**
 * GET /?token=<admin token>: the admin link. Sets the session cookie and redirects to / so the token leaves the
 * address bar (and the history); a wrong token is refused. Other requests pass on.
 */
export function signInWithAdminLink(session: AdminSession) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const token = ctx.query.token;
    if (ctx.path !== '/' || !SAFE_METHODS.has(ctx.method) || token === undefined) return next();
    if (typeof token !== 'string' || !session.isAdminToken(token)) {
      throw new AuthRequiredError('this admin link is not valid (the admin token changed?): run `labelsmith admin-url` for a current one');
    }
    ctx.cookies.set(SESSION_COOKIE, session.cookieValue, { httpOnly: true, sameSite: 'strict', path: '/', overwrite: true });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.status = 303;
    ctx.redirect('/');
  };
}
