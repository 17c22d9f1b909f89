import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { loadSample } from '../samples/sampleTemplates';
import { createRenderPool } from './renderPool';
import { TimeLimitError } from './poolWorker';

const shipping = loadSample('shipping-4x6');
const quickJob = (team: string) => ({ template: shipping.template, data: shipping.data, format: 'zpl' as const, team });

/** A PDF of 400 QR codes of 800 characters: seconds of work, far longer than the quick renders around it. */
const slowTemplate = {
  formatVersion: 1,
  meta: { name: 'slow' },
  dimensions: { width: '200mm', height: '200mm' },
  elements: Array.from({ length: 400 }, (_, id) => ({
    id: `qr-${id}`,
    type: 'barcode',
    symbology: 'qrcode',
    position: { mode: 'absolute', x: `${(id % 20) * 10}mm`, y: `${Math.floor(id / 20) * 10}mm` },
    width: '9mm',
    height: '9mm',
    content: { text: `${id}-${'x'.repeat(800)}` },
  })),
};
const slowJob = (team: string) => ({ template: slowTemplate, data: {}, format: 'pdf' as const, team });

/** One dilation of 12 pixels' radius over a 1200-pixel square: resvg takes about 0.6 s; radius 5 (60 px) about 13 s. */
function morphologySvg(radius: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><filter id="f"><feMorphology operator="dilate" radius="${radius}"/></filter><rect x="10" y="10" width="80" height="80" filter="url(#f)"/></svg>`;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the render pool between teams', () => {
  it("refuses a team's render past its own queue's bound with SERVICE_BUSY and a retry time, and still admits another team's", async () => {
    // Submitted while the worker is still starting: every job waits.
    const pool = createRenderPool({ threads: 1, maxQueuePerTeam: 2 });
    try {
      const accepted = [pool.render(quickJob('A')), pool.render(quickJob('A'))];
      const refused = await rejection(pool.render(quickJob('A')));
      expect([refused.code, refused.status, refused.details]).toEqual(['SERVICE_BUSY', 503, { waiting: 2, limit: 2 }]);
      expect(refused.message).toMatch(/^the team's render queue is full/);
      expect((refused as AppError & { retryAfterSeconds?: number }).retryAfterSeconds).toBe(1);
      // Team B's queue is its own: admitted although A's is full, and so is B's second.
      const others = [pool.render(quickJob('B')), pool.render(quickJob('B'))];
      const outputs = await Promise.all([...accepted, ...others]);
      for (const output of outputs) expect(new TextDecoder().decode(output.bytes.subarray(0, 3))).toBe('^XA');
      // A's queue drained: A is admitted again.
      expect((await pool.render(quickJob('A'))).labelCount).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('drops a job whose client went before it started: refused with CLIENT_CLOSED and never handed to a worker', async () => {
    const pool = createRenderPool({ threads: 1 });
    try {
      await pool.render(quickJob('A'));
      const before = pool.stats().stepsStarted;
      const gone = new AbortController();
      // The worker is busy with the first: the second waits, and its client leaves meanwhile.
      const first = pool.render(quickJob('A'));
      const dropped = pool.render(quickJob('A'), { signal: gone.signal });
      gone.abort();
      const error = await rejection(dropped);
      expect([error.code, error.status]).toEqual(['CLIENT_CLOSED', 499]);
      expect(pool.stats().queued).toBe(0);
      await first;
      // A client that had gone before it asked: refused at once.
      const late = await rejection(pool.render(quickJob('A'), { signal: gone.signal }));
      expect(late.code).toBe('CLIENT_CLOSED');
      expect(pool.stats()).toMatchObject({ queued: 0, running: 0, stepsStarted: before + 1 });
    } finally {
      await pool.close();
    }
  });

  it('runs no more parts of a batch whose client went after it started', async () => {
    const pool = createRenderPool({ threads: 1 });
    try {
      await pool.render(quickJob('A'));
      const before = pool.stats().stepsStarted;
      const gone = new AbortController();
      // PNG batches run one record a step: 20 steps.
      const records = Array.from({ length: 20 }, () => shipping.data);
      const batch = pool.render(
        { template: shipping.template, records, format: 'png', dpi: 100, team: 'A' },
        { signal: gone.signal },
      );
      while (pool.stats().stepsStarted === before) await new Promise((resolve) => setTimeout(resolve, 5));
      gone.abort();
      expect((await rejection(batch)).code).toBe('CLIENT_CLOSED');
      // The step running when the client went finishes; none after it starts.
      while (pool.stats().running > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(pool.stats().stepsStarted - before).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  });

  it('leaves a worker to another team that sent work lately, however long the first team’s renders are', async () => {
    const pool = createRenderPool({ threads: 2, timeoutMs: 60_000 });
    const settled: string[] = [];
    const note =
      (name: string) =>
      <T>(outcome: T): T => {
        settled.push(name);
        return outcome;
      };
    try {
      // Team B has rendered: it is an active team, so A may hold one worker of two.
      await pool.render(quickJob('B'));
      const slow = [
        pool.render(slowJob('A')).then(note('A1'), note('A1')),
        pool.render(slowJob('A')).then(note('A2'), note('A2')),
      ];
      while (pool.stats().running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const quick = await pool.render(quickJob('B')).then(note('B'));
      expect(new TextDecoder().decode(quick.bytes.subarray(0, 3))).toBe('^XA');
      // B's render came back while both of A's waited or ran: one of A's two has not even started.
      expect(settled).toEqual(['B']);
      expect(pool.stats()).toMatchObject({ running: 1, queued: 1 });
      await pool.close({ graceMs: 0 });
      await Promise.all(slow);
    } finally {
      await pool.close({ graceMs: 0 });
    }
  }, 60_000);

  it('stops an SVG rasterisation at its own time limit, kills its worker, and serves the next', async () => {
    const pool = createRenderPool({ threads: 1, svgTimeoutMs: 1000 });
    try {
      const plain =
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="10" y="10" width="80" height="80"/></svg>';
      const drawn = await pool.rasterizeSvg({ svg: plain, longerSidePx: 1200, team: 'A' });
      expect([drawn.width, drawn.height]).toEqual([1200, 1200]);
      const error = await rejection(pool.rasterizeSvg({ svg: morphologySvg(5), longerSidePx: 1200, team: 'A' }));
      expect(error).toBeInstanceOf(TimeLimitError);
      expect(error.message).toBe('render stopped: over its 1 s time limit');
      expect((await pool.render(quickJob('A'))).labelCount).toBe(1);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
