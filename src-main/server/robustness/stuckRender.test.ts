// Renders that cannot finish in time against a real `labelsmith serve`: killed at the time limit, stopped by SIGTERM after the grace, and one team's batches not holding up another team's render; memory, /health and earlier answers watched throughout.
import { afterAll, describe, expect, it } from 'vitest';
import { roundedBoxesPng } from '../../../test/support/engine/slowRasters';
import { printReports, underAttack } from '../../../test/support/server/attackSupport';
import {
  call,
  createTenant,
  isWholeOutput,
  render,
  serveProcessesForFile,
  sleep,
  tempDataDir,
  type Answer,
} from '../../../test/support/server/robustnessSupport';

/** Far over the 10 s time limit, inside one native resvg call: 1,000 rounded boxes over a 13 x 13 in label at 600 dpi. */
const stuckRender = roundedBoxesPng(13);

const { cli, serve } = serveProcessesForFile();
afterAll(printReports);

/** The shutdown grace the SIGTERM test starts the server with, and what killing the workers and closing may add. */
const GRACE_S = 1;
const EXIT_SLACK_MS = 3000;

describe('a render that cannot finish', () => {
  it('is killed at its 10 s time limit with 502 RENDER_ERROR while /health answers within 1 s, and the server keeps rendering', async () => {
    const dataDir = tempDataDir();
    const tenant = await createTenant(cli(), dataDir);
    const server = await serve(dataDir);
    const { result: answer, report } = await underAttack(
      'a render stuck past its 10 s time limit',
      server,
      tenant,
      () => render(server.url, tenant.key, stuckRender, 60_000),
    );
    expect(report.healthChecks).toBeGreaterThan(10);
    expect(answer.status).toBe(502);
    expect(answer.json).toMatchObject({ code: 'RENDER_ERROR', error: 'render stopped: over its 10 s time limit' });
    const next = await render(server.url, tenant.key, {
      templateId: tenant.templateId,
      data: { name: 'after' },
      format: 'zpl',
    });
    expect(next.status).toBe(200);
  }, 90_000);

  it('does not hold up SIGTERM: after the grace its worker is killed, it answers 502, and the server exits 0', async () => {
    const dataDir = tempDataDir();
    const tenant = await createTenant(cli(), dataDir);
    const server = await serve(dataDir, ['--shutdown-grace', String(GRACE_S)]);
    // Answered before the signal: it must still download once the server is back.
    const before = await render(server.url, tenant.key, {
      templateId: tenant.templateId,
      data: { name: 'before' },
      format: 'pdf',
    });
    expect(before.status).toBe(200);
    const stuck = render(server.url, tenant.key, stuckRender, 60_000);
    // Let it reach a worker: a render still waiting in the queue would be answered before the grace even starts.
    await sleep(1500);
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const answer = await stuck;
    // Stopped by the shutdown, long before its own 10 s time limit would have stopped it.
    expect(answer.status).toBe(502);
    expect(answer.json).toMatchObject({ code: 'RENDER_ERROR', error: 'render stopped: the server is shutting down' });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // Within the grace and the time it takes to kill the workers and close the store (liveness, not speed).
    const exitMs = performance.now() - signalledAt;
    console.log(`SIGTERM with a stuck render: exited ${exitMs.toFixed(0)} ms after the signal (grace ${GRACE_S} s)`);
    expect(exitMs).toBeLessThan(GRACE_S * 1000 + EXIT_SLACK_MS);

    const again = await serve(dataDir);
    const download = await call(again.url, `/v1/render-outputs/${String(before.json?.id)}`, { key: tenant.key });
    expect(download.status).toBe(200);
    expect(isWholeOutput('pdf', download.bytes)).toBe(true);
  }, 60_000);
});

describe('fairness between teams', () => {
  it('answers another team’s single render before three big PNG batches of one team finish', async () => {
    const dataDir = tempDataDir();
    const busy = await createTenant(cli(), dataDir, 'Busy');
    const quiet = await createTenant(cli(), dataDir, 'Quiet');
    const server = await serve(dataDir);
    // Warm the workers: the order below must not depend on which worker is still starting.
    await Promise.all(
      [0, 1].map(() =>
        render(server.url, busy.key, { templateId: busy.templateId, data: { name: 'warm' }, format: 'png' }),
      ),
    );

    const finished: string[] = [];
    const track = (name: string, answer: Promise<Answer>): Promise<Answer> =>
      answer.then((result) => (finished.push(name), result));
    const records = Array.from({ length: 150 }, (_, index) => ({ name: `Label ${index}`, sku: `SKU-${index}` }));
    const { result: answers } = await underAttack(
      'three big PNG batches of one team against one render of another',
      server,
      quiet,
      async () => {
        const batches = [1, 2, 3].map((index) =>
          track(
            `batch ${index}`,
            render(
              server.url,
              busy.key,
              { templateId: busy.templateId, records, format: 'png', dpi: 600, delivery: 'inline' },
              120_000,
            ),
          ),
        );
        await sleep(300);
        const single = await track(
          'single',
          render(
            server.url,
            quiet.key,
            { templateId: quiet.templateId, data: { name: 'Quiet' }, format: 'png' },
            120_000,
          ),
        );
        expect(single.status).toBe(200);
        expect(finished).toEqual(['single']);
        return Promise.all(batches);
      },
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(finished[0]).toBe('single');
  }, 180_000);
});
