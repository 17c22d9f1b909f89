// Refuses requests whose Host header is not a name this server answers to (closes DNS rebinding against the desktop).
import type { Context, Next } from 'koa';
import { ForbiddenError } from '@shared/api/apiErrors';
import { acceptedHostnames, hostnameOf, type ServerConfig } from '../serverConfig';

export function hostCheck(config: ServerConfig) {
  const accepted = acceptedHostnames(config);
  return async (ctx: Context, next: Next): Promise<void> => {
    const host = ctx.get('Host');
    const hostname = hostnameOf(host);
    if (hostname === undefined || !accepted.has(hostname)) {
      // The socket's port, not config.port: a server asked for port 0 listens on whatever port it was given.
      const port = ctx.req.socket.localPort ?? config.port;
      // A malformed header is not repeated: only a plain name is worth showing back.
      const named = hostname === undefined ? 'this Host header' : `host "${host.trim()}"`;
      throw new ForbiddenError(
        `requests for ${named} are not served here; use ${ctx.protocol}://${config.host}:${port}`,
      );
    }
    await next();
  };
}
