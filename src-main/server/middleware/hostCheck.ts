// Refuses requests whose Host header is not a name this server answers to (closes DNS rebinding against the desktop).
import type { Context, Next } from 'koa';
import { ForbiddenError } from '../../../src-shared/api/apiErrors';
import { acceptedHostnames, hostnameOf, type ServerConfig } from '../serverConfig';

export function hostCheck(config: ServerConfig) {
  const accepted = acceptedHostnames(config);
  return async (ctx: Context, next: Next): Promise<void> => {
    const host = ctx.get('Host');
    if (host === '' || !accepted.has(hostnameOf(host))) {
      // The socket's port, not config.port: a server asked for port 0 listens on whatever port it was given.
      const port = ctx.req.socket.localPort ?? config.port;
      throw new ForbiddenError(`requests for host "${host}" are not served here; use ${ctx.protocol}://${config.host}:${port}`);
    }
    await next();
  };
}
