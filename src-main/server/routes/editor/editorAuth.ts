// Who may use the editor's /api: clients on this machine (others only with --admin-lan over TLS), with the admin token as a Bearer or a session cookie from the admin link (plus the CSRF header for changes).
import type { Context, Next } from 'koa';
import { AuthRequiredError, ForbiddenError, LocalOnlyError } from '@shared/api/apiErrors';
import { EDITOR_HEADER, SESSION_COOKIE } from '@shared/api/editorApi';
import type { AdminSession, LiveSession } from '../../adminSession';
import { isLoopbackClient } from '../../clientAddress';
import type { ServerConfig } from '../../serverConfig';

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isEditorApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** GET /?token=…: the admin link. */
function isSignIn(ctx: Context): boolean {
  return ctx.path === '/' && SAFE_METHODS.has(ctx.method) && ctx.query.token !== undefined;
}

/**
 * The admin API and its sign-in answer other machines only when the server was started with --admin-lan (which needs
 * TLS): before any credential is looked at, so a LAN client learns nothing, not even whether its token is right.
 */
export function adminFromLoopbackOnly(config: Pick<ServerConfig, 'adminLan' | 'trustedProxies'>) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (
      config.adminLan !== true &&
      (isEditorApiPath(ctx.path) || isSignIn(ctx)) &&
      !isLoopbackClient(ctx.req, config.trustedProxies)
    ) {
      throw new LocalOnlyError(
        'the editor and its admin API answer only on the machine running Labelsmith; to administer it over the network, ' +
          'start `labelsmith serve` with --tls-cert, --tls-key and --admin-lan',
      );
    }
    await next();
  };
}

/** Sent at sign-in and again with each answer to the cookie, so the browser keeps it as long as the server does. */
function setSessionCookie(ctx: Context, session: LiveSession): void {
  ctx.cookies.set(SESSION_COOKIE, session.cookie, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: '/',
    expires: new Date(session.idlesOutAt),
    overwrite: true,
  });
}

/** Tells the browser to drop the cookie (the session itself is ended on the server). */
export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: '/',
    maxAge: 0,
    overwrite: true,
  });
}

/** Guards every /api path, known or not, so the private API reveals nothing (not even its 404s) without a session. */
export function requireAdminSession(session: AdminSession) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!isEditorApiPath(ctx.path)) return next();
    const bearer = BEARER_PATTERN.exec(ctx.get('Authorization'))?.[1];
    if (bearer !== undefined && session.isAdminToken(bearer)) return next();
    const cookie = ctx.cookies.get(SESSION_COOKIE);
    const live = cookie === undefined ? undefined : session.touch(cookie);
    if (live !== undefined) {
      // Browsers attach the cookie to requests other sites make; only the editor's own script can add this header.
      if (!SAFE_METHODS.has(ctx.method) && ctx.get(EDITOR_HEADER) !== '1') {
        throw new ForbiddenError(`changes made with the session cookie must send the header ${EDITOR_HEADER}: 1`);
      }
      setSessionCookie(ctx, live);
      return next();
    }
    throw new AuthRequiredError(
      'an admin session is required: open the link `labelsmith admin-url` prints, or send Authorization: Bearer <admin token>',
    );
  };
}

/**
 * GET /?token=<admin token>: the admin link. Opens a session, sets its cookie and redirects to / so the token leaves
 * the address bar (and the history); a wrong token is refused. Other requests pass on.
 */
export function signInWithAdminLink(session: AdminSession) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!isSignIn(ctx)) return next();
    const token = ctx.query.token;
    if (typeof token !== 'string' || !session.isAdminToken(token)) {
      throw new AuthRequiredError(
        'this admin link is not valid (the admin token changed?): run `labelsmith admin-url` for a current one',
      );
    }
    setSessionCookie(ctx, session.open());
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.status = 303;
    ctx.redirect('/');
  };
}
