// SIGTERM/SIGINT during a slow render: it still answers 200 with a downloadable output, new connections are refused, exit 0, db closed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASE_FILE } from '../../store/openStore';
import { SHUTDOWN_GRACE_MS } from '../serverConfig';
import { queryDatabase, SUITE_DIALECT } from '../../../test/support/store/storeTestSupport';
import {
  acceptsConnections,
  serveProcessesForFile,
  call,
  createTenant,
  isWholeOutput,
  render,
  sleep,
  tempDataDir,
  type Answer,
} from '../../../test/support/server/robustnessSupport';

/**
 * Most of a second of work on one render worker (two at once on two cores): hundreds of Data Matrix codes of about 240
 * characters, each encoded on its own by bwip-js (about 2.7 ms each on a quiet machine, 15 ms under heavy load; QR codes,
 * at 0.15 ms, are too quick for this). Few enough that a loaded machine still finishes within the 10 s render limit.
 */
function slowTemplate(codes: number): Record<string, unknown> {
  const elements = Array.from({ length: codes }, (_, index) => ({
    id: `dm${index}`,
    type: 'barcode',
    symbology: 'datamatrix',
    position: { mode: 'absolute', x: `${(index % 40) * 5}mm`, y: `${Math.floor(index / 40) * 5}mm` },
    width: '5mm',
    height: '5mm',
    content: { text: `item ${index}: ${'abcdefghijklmnopqrstuvwxyz 0123456789 '.repeat(6)}` },
  }));
  return { formatVersion: 1, meta: { name: 'Slow sheet' }, dimensions: { width: '200mm', height: '130mm' }, elements };
}

const { cli, serve } = serveProcessesForFile();

describe.each(['SIGTERM', 'SIGINT'] as const)('labelsmith serve on %s', (signal) => {
  it('finishes the renders in flight, refuses new connections, exits 0 with the database closed', async () => {
    const dataDir = tempDataDir();
    const tenant = await createTenant(cli(), dataDir);
    const server = await serve(dataDir);
    // Warm-up: the slow renders below must be rendering, not waiting for a cold thread, when the signal comes.
    expect(
      (await render(server.url, tenant.key, { templateId: tenant.templateId, data: { name: 'warm' }, format: 'pdf' }))
        .status,
    ).toBe(200);

    let finishedAt = 0;
    let lastFinishedAt = 0;
    const settle = (answer: Promise<Answer>): Promise<Answer> =>
      answer.then((result) => {
        finishedAt ||= performance.now();
        lastFinishedAt = performance.now();
        return result;
      });
    // Two slow renders, one per thread: one delivered by URL, one inline.
    const byUrl = settle(
      render(server.url, tenant.key, { template: slowTemplate(300), data: {}, format: 'pdf' }, 30_000),
    );
    const inline = settle(
      render(
        server.url,
        tenant.key,
        { template: slowTemplate(300), data: {}, format: 'zpl', delivery: 'inline' },
        30_000,
      ),
    );
    // A client that keeps asking on its keep-alive connection must not keep the server alive: after the signal its
    // connection is closed after an answer and a new one is refused, so its loop ends with a connection error.
    let healthAnswers = 0;
    const busyClient = (async (): Promise<string> => {
      for (const stopAt = performance.now() + 10_000; performance.now() < stopAt;) {
        try {
          if ((await call(server.url, '/health', { timeoutMs: 2000 })).status === 200) healthAnswers += 1;
        } catch (error) {
          return String(error);
        }
        await sleep(5);
      }
      return 'still answered after 10 s';
    })();
    await sleep(250);
    expect(finishedAt, 'the slow renders are still in flight when the signal is sent').toBe(0);
    expect(healthAnswers).toBeGreaterThan(0);

    const signalledAt = performance.now();
    server.child.kill(signal);
    // The listening socket closes at once; poll until a fresh connection is refused.
    let refusedAt = 0;
    while (performance.now() - signalledAt < 3000) {
      if (!(await acceptsConnections(server.url, 500))) {
        refusedAt = performance.now();
        break;
      }
      await sleep(20);
    }
    expect(refusedAt, 'a new connection is refused after the signal').toBeGreaterThan(0);
    expect(finishedAt, 'connections were refused while the renders were still running').toBe(0);
    expect(await acceptsConnections(server.url, 500)).toBe(false);

    const [url, body] = await Promise.all([byUrl, inline]);
    expect(url.status, url.text.slice(0, 300)).toBe(200);
    expect(url.json).toMatchObject({ status: 'complete', format: 'pdf', id: expect.any(String) });
    expect(body.status, body.text.slice(0, 300)).toBe(200);
    expect(body.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(isWholeOutput('zpl', body.bytes)).toBe(true);

    const exit = await server.exited;
    expect(await busyClient).toMatch(/fetch failed|ECONNREFUSED|other side closed|socket/i);
    expect(exit).toEqual({ code: 0, signal: null });
    // Nothing held the process up after its last answer: an idle keep-alive connection would have kept it 30 s (the
    // server's keepAliveTimeout), one idle in the database pool about 10 s (pg's idle timeout). The bound is the
    // shortest of those holds, as long as the shutdown grace, not a guess at how fast a loaded machine exits.
    expect(performance.now() - lastFinishedAt).toBeLessThan(SHUTDOWN_GRACE_MS);
    expect(server.stderr()).not.toMatch(/"level":(50|60)/);

    if (SUITE_DIALECT === 'sqlite') {
      // Closed cleanly: the last connection's close checkpoints the WAL into the database and deletes it.
      expect(existsSync(join(dataDir, `${DATABASE_FILE}-wal`)), 'no WAL left behind').toBe(false);
      const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
    }
    const id = String(url.json?.id);
    expect(await queryDatabase(dataDir, sql`SELECT format FROM renders WHERE id = ${id}`)).toEqual([{ format: 'pdf' }]);
    // The warm-up, the URL render and the inline render were all counted.
    expect(await queryDatabase(dataDir, sql`SELECT CAST(sum(live) AS INTEGER) AS live FROM usage_monthly`)).toEqual([
      { live: 3 },
    ]);

    // The answered output is downloadable from the restarted server.
    const again = await serve(dataDir);
    const download = await call(again.url, `/v1/render-outputs/${String(url.json?.id)}`, { key: tenant.key });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.bytes.length).toBe(url.json?.sizeBytes);
    expect(isWholeOutput('pdf', download.bytes)).toBe(true);
  }, 60_000);
});
