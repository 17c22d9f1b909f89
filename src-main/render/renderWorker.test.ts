import { describe, expect, it } from 'vitest';
import { planBatch } from '@shared/render/batchPlan';
import { splitBatch } from '@shared/render/batchParts';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadSample } from '../samples/sampleTemplates';
import { stepRunner } from './renderWorker';
import type { PoolMessage, StepResult } from './taskProtocol';

const sample = loadSample('shipping-4x6');
const runner = stepRunner(bundledFonts());

async function result(message: PoolMessage): Promise<StepResult> {
  const reply = await runner.handle(message);
  if (!reply?.outcome.ok) throw new Error(JSON.stringify(reply));
  return reply.outcome.result;
}

describe('stepRunner', () => {
  it('renders a label with its timing', async () => {
    // html: its text is the data as written (the sample's fonts print as graphics in zpl).
    const outcome = await result({
      id: 1,
      team: 'team-a',
      step: { kind: 'label', job: { template: sample.template, data: sample.data, format: 'html' } },
    });
    if (outcome.kind !== 'label') throw new Error(outcome.kind);
    expect(new TextDecoder().decode(outcome.result.bytes)).toContain('Ada Lovelace');
    expect(outcome.result.renderTimeMs).toBeGreaterThan(0);
  });

  it('keeps a batch’s template from its first part until told to forget it', async () => {
    const records = Array.from({ length: 4 }, (_, index) => ({ ...(sample.data as object), orderId: `B-${index}` }));
    const [first, second] = splitBatch(planBatch(records), 2);
    const options = { format: 'zpl' as const };
    const one = await result({
      id: 2,
      team: 'team-a',
      step: { kind: 'part', batch: 7, template: sample.template, options, part: first! },
    });
    const two = await result({ id: 3, team: 'team-a', step: { kind: 'part', batch: 7, options, part: second! } });
    if (one.kind !== 'part' || two.kind !== 'part') throw new Error('not parts');
    expect([one.part.labels.length, two.part.labels.length]).toEqual([2, 2]);
    const assembled = await result({
      id: 4,
      team: 'team-a',
      step: { kind: 'assemble', options, labels: [...one.part.labels, ...two.part.labels] },
    });
    if (assembled.kind !== 'assemble') throw new Error(assembled.kind);
    const zpl = new TextDecoder().decode(assembled.bytes);
    expect(zpl.match(/\^XA/g)).toHaveLength(4);
    expect(['B-0', 'B-1', 'B-2', 'B-3'].map((id) => zpl.indexOf(id))).toEqual(
      [...['B-0', 'B-1', 'B-2', 'B-3'].map((id) => zpl.indexOf(id))].sort((a, b) => a - b),
    );

    await runner.handle({ forget: 7 });
    const reply = await runner.handle({
      id: 5,
      team: 'team-a',
      step: { kind: 'part', batch: 7, options, part: second! },
    });
    expect(reply?.outcome).toMatchObject({
      ok: false,
      error: { code: 'RENDER_ERROR', message: 'rendering failed: batch 7 arrived without its template' },
    });
  });

  it('keeps a template sent with its key, renders by the key alone, and asks for a template it does not hold', async () => {
    const job = { data: sample.data, format: 'html' as const, templateKey: 'tpl-1@3' };
    const label = (team: string, template?: unknown) =>
      result({ id: 8, team, step: { kind: 'label', job: { ...job, template } } });
    // Not held yet: asked for, nothing rendered.
    expect(await label('team-k')).toEqual({ kind: 'needsTemplate' });
    const sent = await label('team-k', sample.template);
    const byKey = await label('team-k');
    if (sent.kind !== 'label' || byKey.kind !== 'label') throw new Error('not labels');
    expect(new TextDecoder().decode(byKey.result.bytes)).toContain('Ada Lovelace');
    expect(Buffer.from(byKey.result.bytes).equals(Buffer.from(sent.result.bytes))).toBe(true);
    // Kept per team: another team's render by the same key is asked for its template.
    expect(await label('team-other')).toEqual({ kind: 'needsTemplate' });
  });

  it('returns failures as data with their code and details', async () => {
    const reply = await runner.handle({
      id: 6,
      team: 'team-a',
      step: { kind: 'label', job: { template: { formatVersion: 1 }, data: {}, format: 'zpl' } },
    });
    expect(reply?.outcome.ok).toBe(false);
    if (reply?.outcome.ok !== false) return;
    expect(reply.outcome.error.code).toBe('INVALID_TEMPLATE');
    expect(reply.outcome.error.details?.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'meta' })]),
    );
  });
});
