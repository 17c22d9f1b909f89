// `labelsmith serve` on SQLite keeps keys, teams and templates in memory (the store's hot cache): a change made by a `labelsmith` admin process beside it holds from the server's next request on.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_VERSION_HEADER } from '@shared/api/renderRequest';
import { buildCli, cliRun } from '../../test/support/server/robustnessSupport';
import { call, expectError, render, tagTemplate } from '../../test/support/server/serverTestSupport';
import { killServe, startServe, type ServeProcess } from '../../test/support/server/serveProcess';
import { SUITE_DIALECT, tempDataDir } from '../../test/support/store/storeTestSupport';

let cli: string;
let dataDir: string;
let serve: ServeProcess | undefined;

/** `labelsmith ARGS --data-dir DIR` as its own process; its one JSON answer. */
async function admin(args: string[]): Promise<Record<string, unknown>> {
  const run = await cliRun(cli, [...args, '--data-dir', dataDir]);
  if (run.code !== 0) throw new Error(`labelsmith ${args.join(' ')} exited with ${String(run.code)}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

beforeAll(async () => {
  cli = await buildCli();
  dataDir = tempDataDir();
});

afterAll(() => killServe(serve));

// On PostgreSQL a change reaches a running server by notification, within a second: severalNodes.test.ts.
describe.skipIf(SUITE_DIALECT !== 'sqlite')('labelsmith serve beside the admin CLI', () => {
  it('refuses a key the CLI revoked, and answers with the plan and template version the CLI set, from the next request on', async () => {
    const teamId = String((await admin(['team', 'create', '--name', 'Acme', '--plan', 'dev']))['id']);
    const key = await admin(['key', 'create', '--team', teamId, '--mode', 'live']);
    const file = join(dataDir, 'tag.json');
    writeFileSync(file, JSON.stringify(tagTemplate()));
    const templateId = String(
      (await admin(['template', 'import', '--team', teamId, '--file', file, '--slug', 'tag', '--publish']))['id'],
    );
    serve = await startServe(cli, dataDir);
    const body = { templateId: 'tag', data: { title: 'Cached' }, format: 'zpl', delivery: 'inline' };
    const secret = String(key['key']);

    // Twice each: the second answer comes from what the server keeps in memory.
    for (let i = 0; i < 2; i++) {
      expect((await call(serve, '/v1/usage', { key: secret })).json()).toMatchObject({ plan: 'dev' });
      expect((await render(serve, secret, body)).headers.get(TEMPLATE_VERSION_HEADER)).toBe('1');
    }

    await admin(['team', 'set', teamId, '--plan', 'pro']);
    expect((await call(serve, '/v1/usage', { key: secret })).json()).toMatchObject({ plan: 'pro' });

    await admin(['template', 'publish', templateId]);
    expect((await render(serve, secret, body)).headers.get(TEMPLATE_VERSION_HEADER)).toBe('2');

    await admin(['key', 'revoke', String(key['id'])]);
    expectError(await call(serve, '/v1/usage', { key: secret }), 401, 'AUTH_REQUIRED');
    expectError(await render(serve, secret, body), 401, 'AUTH_REQUIRED');
  });
});
