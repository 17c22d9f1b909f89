// kill -9 of `labelsmith serve` under load, at random moments: every render answered 200 is downloadable and counted after restart, orphans go.
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../store/openStore';
import { ORPHAN_GRACE_MS, removeOrphans } from '../../store/removeOrphans';
import { queryDatabase, testDatabase } from '../../../test/support/store/storeTestSupport';
import {
  serveProcessesForFile,
  call,
  CONTENT_TYPE_PREFIX,
  createTenant,
  isWholeOutput,
  render,
  sleep,
  tempDataDir,
  type Tenant,
} from '../../../test/support/server/robustnessSupport';
import type { ServeProcess } from '../../../test/support/server/robustnessSupport';

/**
 * Twice the server's render workers (one per core): a queue behind every worker when the kill lands, without so many
 * requests waiting that one of them meets its deadline on a loaded machine before the server answers it.
 */
const CLIENTS = 4;
/**
 * A request's deadline: the server's own (its requestTimeout, 60 s). A client that gave up sooner would fail the test
 * for a slow machine, not for anything the server did.
 */
const REQUEST_DEADLINE_MS = 60_000;
const LOAD_MS = 1500;
/** Small renders of three formats; png at a low dpi keeps each one short. */
const FORMATS = [{ format: 'zpl' }, { format: 'pdf' }, { format: 'png', dpi: 100 }] as const;

interface Answered {
  id: string;
  format: string;
  sizeBytes: number;
}

const { cli, serve } = serveProcessesForFile();

/**
 * CLIENTS loops of url-delivery renders until the server dies, SIGKILLed after killAfterMs. Returns the renders answered
 * 200 with their whole JSON body; any other answer while the server was alive fails the test.
 */
async function loadAndKill(server: ServeProcess, tenant: Tenant, killAfterMs: number): Promise<Answered[]> {
  const answered: Answered[] = [];
  const unexpected: string[] = [];
  let killed = false;
  const client = async (clientIndex: number): Promise<void> => {
    for (let n = 0; !killed; n += 1) {
      const options = FORMATS[(clientIndex + n) % FORMATS.length] ?? FORMATS[0];
      let answer;
      try {
        answer = await render(
          server.url,
          tenant.key,
          { templateId: tenant.templateId, data: { name: `c${clientIndex} n${n}`, sku: `SKU-${n}` }, ...options },
          REQUEST_DEADLINE_MS,
        );
      } catch (error) {
        // A connection cut by the kill; before the kill it is a failure.
        if (!killed) unexpected.push(`request failed before the kill: ${String(error)}`);
        return;
      }
      if (answer.status === 200 && typeof answer.json?.id === 'string') {
        answered.push({ id: answer.json.id, format: options.format, sizeBytes: Number(answer.json.sizeBytes) });
      } else {
        unexpected.push(`${answer.status}: ${answer.text.slice(0, 200)}`);
      }
    }
  };
  // Warm threads first (the first renders of a fresh process take a few hundred ms), so the kill lands in steady load.
  for (const options of FORMATS) {
    const answer = await render(
      server.url,
      tenant.key,
      { templateId: tenant.templateId, data: { name: 'warm-up' }, ...options },
      REQUEST_DEADLINE_MS,
    );
    expect(answer.status).toBe(200);
    answered.push({ id: String(answer.json?.id), format: options.format, sizeBytes: Number(answer.json?.sizeBytes) });
  }
  const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
  await sleep(killAfterMs);
  killed = true;
  server.child.kill('SIGKILL');
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
  await Promise.all(clients);
  expect(unexpected).toEqual([]);
  return answered;
}

/** Render rows and live usage as the database has them (read beside the running server). */
async function databaseState(dataDir: string): Promise<{ files: string[]; live: number }> {
  const renders = await queryDatabase(dataDir, sql<{ file_name: string }>`SELECT file_name FROM renders`);
  const [usage] = await queryDatabase(
    dataDir,
    sql<{ live: number | null }>`SELECT CAST(sum(live) AS INTEGER) AS live FROM usage_monthly`,
  );
  return { files: renders.map((row) => row.file_name), live: usage?.live ?? 0 };
}

/** Sets a file's times into the past, as if the restart came that much later. */
function age(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}

describe('kill -9 of labelsmith serve under load', () => {
  it('keeps every render answered 200 downloadable and counted after restart; startup sweeps orphans past their grace', async () => {
    const dataDir = tempDataDir();
    const outputs = join(dataDir, 'outputs');
    const tenant = await createTenant(cli(), dataDir);
    const answered: Answered[] = [];
    const kills: number[] = [];

    let server = await serve(dataDir);
    // Three kills at different moments: early in the load, in the middle, late; each with random jitter.
    for (const base of [250, 650, 1100]) {
      const killAfterMs = Math.round(base + Math.random() * (LOAD_MS - 1100));
      kills.push(killAfterMs);
      const round = await loadAndKill(server, tenant, killAfterMs);
      expect(round.length, `renders answered before the kill at ${killAfterMs} ms`).toBeGreaterThanOrEqual(
        FORMATS.length,
      );
      answered.push(...round);

      // The restart comes "later": every file now looks older than the orphan grace period, so startup's sweep
      // must remove whatever the kill left unreferenced (a temp file, a renamed file whose row never committed)
      // and keep every referenced one. A planted old orphan and old temp file must go; a fresh orphan must stay.
      for (const name of readdirSync(outputs)) age(join(outputs, name), ORPHAN_GRACE_MS + 60_000);
      const oldOrphan = `${randomUUID()}.pdf`;
      const oldTemp = `.${randomUUID()}.png.4242.tmp`;
      const freshOrphan = `${randomUUID()}.zpl`;
      for (const name of [oldOrphan, oldTemp, freshOrphan]) writeFileSync(join(outputs, name), 'left by a crash');
      age(join(outputs, oldOrphan), ORPHAN_GRACE_MS + 60_000);
      age(join(outputs, oldTemp), ORPHAN_GRACE_MS + 60_000);

      server = await serve(dataDir);
      const state = await databaseState(dataDir);
      expect(readdirSync(outputs).sort(), `outputs after restart (kill at ${killAfterMs} ms)`).toEqual(
        [...state.files, freshOrphan].sort(),
      );

      for (const render of answered) {
        const download = await call(server.url, `/v1/render-outputs/${render.id}`, { key: tenant.key });
        expect(download.status, `answered render ${render.id} (${render.format})`).toBe(200);
        expect(download.headers.get('content-type')).toMatch(
          new RegExp(`^${CONTENT_TYPE_PREFIX[render.format] ?? '?'}`),
        );
        expect(download.bytes.length).toBe(render.sizeBytes);
        expect(isWholeOutput(render.format, download.bytes), `render ${render.id} is a whole ${render.format}`).toBe(
          true,
        );
      }
      const usage = await call(server.url, '/v1/usage', { key: tenant.key });
      const live = (usage.json?.renders as { live: number } | undefined)?.live;
      expect(live).toBeGreaterThanOrEqual(answered.length);
      // Counted exactly when stored: the row and the counter commit together (the kill may fall between commit and answer).
      expect(live).toBe(state.files.length);
      expect(state.live).toBe(state.files.length);
    }
    expect(new Set(kills).size).toBe(kills.length);
    // Beyond the warm-ups, renders were answered under load (hundreds, on an idle machine).
    expect(answered.length).toBeGreaterThan(kills.length * FORMATS.length);

    // A clean stop, then the sweep without grace: files and rows match exactly.
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const store = await openStore(dataDir, { ...(await testDatabase(dataDir)), removeOrphans: false });
    try {
      await removeOrphans(store, 0);
      const rows = (await store.renders.listFiles()).map((row) => row.fileName);
      expect(readdirSync(outputs).sort()).toEqual([...rows].sort());
      for (const render of answered) expect((await store.renders.get(render.id))?.format).toBe(render.format);
    } finally {
      await store.close();
    }
  }, 240_000);
});
