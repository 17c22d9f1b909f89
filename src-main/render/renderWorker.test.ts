import { transferableSymbol, valueSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import { loadSample } from '../samples/sampleTemplates';
import { ownedBytes, renderTask } from './renderWorker';
import type { TaskOutcome } from './taskProtocol';

const sample = loadSample('shipping-4x6');

/** The worker's return value as piscina sees it: the outcome, and what goes into the transfer list. */
function unwrap(value: unknown): { outcome: TaskOutcome; transferred?: unknown } {
  const movable = value as Record<symbol, unknown>;
  if (valueSymbol in movable) return { outcome: movable[valueSymbol] as TaskOutcome, transferred: movable[transferableSymbol] };
  return { outcome: value as TaskOutcome };
}

describe('renderTask', () => {
  it('hands over the output buffer to be moved, not copied', async () => {
    for (const format of ['png', 'pdf', 'zpl'] as const) {
      const { outcome, transferred } = unwrap(await renderTask({ id: 1, job: { template: sample.template, data: sample.data, format, dpi: 96 } }));
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(transferred).toBe(outcome.result.bytes.buffer);
      // The whole buffer is the output: nothing else (say Node's shared Buffer pool) is detached with it.
      expect(outcome.result.bytes.byteLength).toBe(outcome.result.bytes.buffer.byteLength);
      expect(outcome.result.renderTimeMs).toBeGreaterThan(0);
    }
  });

  it('returns failures as data with their code and details', async () => {
    const { outcome, transferred } = unwrap(await renderTask({ id: 2, job: { template: { formatVersion: 1 }, data: {}, format: 'zpl' } }));
    expect(transferred).toBeUndefined();
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('INVALID_TEMPLATE');
    expect(outcome.error.details?.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'meta' })]));
  });
});

describe('ownedBytes', () => {
  it('keeps a view that owns its buffer and copies a slice of a larger one', () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(ownedBytes(whole).buffer).toBe(whole.buffer);
    const pooled = Buffer.from('^XA^XZ');
    const owned = ownedBytes(pooled);
    expect(owned.buffer).not.toBe(pooled.buffer);
    expect(owned.byteLength).toBe(owned.buffer.byteLength);
    expect(Buffer.from(owned).toString()).toBe('^XA^XZ');
  });
});
