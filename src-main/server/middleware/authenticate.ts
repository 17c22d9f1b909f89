// Bearer API key authentication (spec section 5): looks the key up on every request, so revocation is immediate.
import type { Context, Next } from 'koa';
import { AuthRequiredError, ForbiddenError } from '@shared/api/apiErrors';
import type { ApiKeyRecord, TeamRecord } from '../../store/storeTypes';
import type { Store } from '../../store/openStore';

export interface AuthState {
  team: TeamRecord;
  apiKey: ApiKeyRecord;
}

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

export function authState(ctx: Context): AuthState {
  const auth = ctx.state.auth as AuthState | undefined;
  if (!auth) throw new Error('authenticate() must run before this route');
  return auth;
}

export function authenticate(store: Store) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const key = BEARER_PATTERN.exec(ctx.get('Authorization'))?.[1];
    const found = key === undefined ? undefined : await store.apiKeys.authenticate(key);
    if (!found)
      throw new AuthRequiredError(key === undefined ? undefined : 'the API key is not valid (unknown or revoked)');
    ctx.state.auth = found satisfies AuthState;
    await next();
  };
}

/** Demo keys try library templates (spec 5.4) and nothing else: never the team's printers or print jobs. */
export function refuseDemoKeys(what: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (authState(ctx).apiKey.demo) throw new ForbiddenError(`demo keys cannot ${what}: use a live or test key`);
    await next();
  };
}
