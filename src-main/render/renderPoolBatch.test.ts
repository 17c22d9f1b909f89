// Batches through the render pool: real worker threads, the batch's label count sizing its time limit.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src-shared/errors';
import { loadSample } from '../samples/sampleTemplates';
import { createRenderPool, PER_LABEL_TIMEOUT_MS, type RenderPool } from './renderPool';

const shipping = loadSample('shipping-4x6');
const BASE_TIMEOUT_MS = 300;

let pool: RenderPool;
beforeAll(() => {
  pool = createRenderPool({ threads: 1, timeoutMs: BASE_TIMEOUT_MS });
});
afterAll(async () => {
  await pool.close();
});

describe('the render pool with records', () => {
  it('renders a batch in a worker and answers its label count', async () => {
    const result = await pool.render({ template: shipping.template, records: [shipping.data, { ...shipping.data, n: '2' }], quantityField: 'n', format: 'zpl' });
    expect(result.labelCount).toBe(3);
    expect(new TextDecoder().decode(result.bytes).match(/\^XA/g)).toHaveLength(3);
  });

  it(`gives a batch ${PER_LABEL_TIMEOUT_MS.png} ms per PNG label after the first on top of the base time limit`, async () => {
    // 30 distinct 4x6 in labels at 600 dpi: well over the 300 ms base on any machine, well within 300 ms + 29 x 500 ms.
    const records = Array.from({ length: 30 }, (_, index) => ({ ...shipping.data, index }));
    const result = await pool.render({ template: shipping.template, records, format: 'png', dpi: 600 });
    expect(result.renderTimeMs).toBeGreaterThan(BASE_TIMEOUT_MS);
    expect(Object.keys(unzipSync(result.bytes))).toHaveLength(30);
  }, 30_000);

  it('refuses a bad batch before it reaches a thread', async () => {
    const error = await pool.render({ template: shipping.template, records: [shipping.data, 7], format: 'pdf' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toBe('records[1]: must be a JSON object');
    expect(pool.stats()).toMatchObject({ queued: 0, running: 0 });
  });
});
