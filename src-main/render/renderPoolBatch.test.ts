// Batches through the render pool: real worker processes, a batch split into steps with their own time limits.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '@shared/errors';
import { loadSample } from '../samples/sampleTemplates';
import { createRenderPool, type RenderPool } from './renderPool';

const shipping = loadSample('shipping-4x6');
// Generous: a cold thread's first batch (its fonts read, graphic texts drawn) on a loaded machine.
const BASE_TIMEOUT_MS = 3000;

let pool: RenderPool;
beforeAll(() => {
  pool = createRenderPool({ threads: 1, timeoutMs: BASE_TIMEOUT_MS });
});
afterAll(async () => {
  await pool.close();
});

describe('the render pool with records', () => {
  it('renders a batch in a worker and answers its label count', async () => {
    const result = await pool.render({
      template: shipping.template,
      records: [shipping.data, { ...shipping.data, n: '2' }],
      quantityField: 'n',
      format: 'zpl',
    });
    expect(result.labelCount).toBe(3);
    expect(new TextDecoder().decode(result.bytes).match(/\^XA/g)).toHaveLength(3);
  });

  it('times a batch per step (a PNG label each), so a batch far longer than the base time limit completes', async () => {
    // 250 distinct 4x6 in labels at 300 dpi: about 12 ms each on one core, together well over the 1.5 s base limit,
    // while one label stays far under it even on a machine many times slower.
    const slowPool = createRenderPool({ threads: 1, timeoutMs: 1500 });
    try {
      const records = Array.from({ length: 250 }, (_, index) => ({ ...shipping.data, index }));
      const result = await slowPool.render({ template: shipping.template, records, format: 'png', dpi: 300 });
      expect(result.renderTimeMs).toBeGreaterThan(1500);
      const names = Object.keys(unzipSync(result.bytes));
      expect(names).toHaveLength(250);
      expect(names.at(-1)).toBe('label-0250.png');
    } finally {
      await slowPool.close();
    }
  }, 120_000);

  it('refuses a bad batch before it reaches a thread', async () => {
    const error = await pool
      .render({ template: shipping.template, records: [shipping.data, 7], format: 'pdf' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toBe('record 2: must be a JSON object');
    expect(pool.stats()).toMatchObject({ queued: 0, running: 0 });
  });
});
