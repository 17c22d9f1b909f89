import { describe, expect, it } from 'vitest';
import { planBatch } from '@shared/render/batchPlan';
import { splitBatch, type BatchPart, type RenderedPart } from '@shared/render/batchParts';
import { renderLabels } from '@shared/render/renderBatch';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadSample } from '../samples/sampleTemplates';
import { stepRunner } from './renderWorker';
import type { PoolMessage, StepOptions, StepResult } from './taskProtocol';

const sample = loadSample('shipping-4x6');
const runner = stepRunner(bundledFonts());

async function result(message: PoolMessage): Promise<StepResult> {
  const reply = await runner.handle(message);
  if (!reply?.outcome.ok) throw new Error(JSON.stringify(reply));
  return reply.outcome.result;
}

/** A batch of `records` sent as two parts of two records (the template with the first only), as the pool sends them. */
async function twoParts(
  batch: number,
  records: object[],
  options: StepOptions,
): Promise<{ parts: RenderedPart[]; second: BatchPart }> {
  const [first, second] = splitBatch(planBatch(records), 2) as [BatchPart, BatchPart];
  const parts: RenderedPart[] = [];
  for (const [index, part] of [first, second].entries()) {
    const template = index === 0 ? sample.template : undefined;
    const outcome = await result({
      id: 100 + batch * 10 + index,
      team: 'team-a',
      step: { kind: 'part', batch, template, options, part },
    });
    if (outcome.kind !== 'part') throw new Error(outcome.kind);
    parts.push(outcome.part);
  }
  return { parts, second };
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

  it('keeps a batch’s template from its first part until told to forget it; zpl parts write their own pieces', async () => {
    const records = Array.from({ length: 4 }, (_, index) => ({
      ...(sample.data as object),
      tracking: `LS${1_000_000_000 + index}GB`,
    }));
    const options = { format: 'zpl' as const };
    const {
      parts: [one, two],
      second,
    } = await twoParts(7, records, options);
    // No laid-out label comes back: each part is written where it was laid out.
    expect([one?.labels.length, two?.labels.length]).toEqual([0, 0]);
    const pieces = [one?.document, two?.document].map((piece) => new TextDecoder().decode(piece));
    expect(pieces.map((piece) => piece.match(/\^XA/g)?.length)).toEqual([2, 2]);
    // The pieces in order are the batch as one thread writes it, byte for byte.
    const whole = await renderLabels(sample.template, records, { format: 'zpl', fonts: bundledFonts() });
    expect(pieces.join('')).toBe(new TextDecoder().decode(whole.bytes));

    await runner.handle({ forget: 7 });
    const reply = await runner.handle({
      id: 5,
      team: 'team-a',
      step: { kind: 'part', batch: 7, options, part: second },
    });
    expect(reply?.outcome).toMatchObject({
      ok: false,
      error: { code: 'RENDER_ERROR', message: 'rendering failed: batch 7 arrived without its template' },
    });
  });

  it('assembles the labels of an html batch’s parts into one document, in record order', async () => {
    const records = ['B-0', 'B-1', 'B-2', 'B-3'].map((order) => ({ ...(sample.data as object), order }));
    const {
      parts: [one, two],
    } = await twoParts(8, records, { format: 'html' });
    expect([one?.labels.length, two?.labels.length, one?.document]).toEqual([2, 2, undefined]);
    const assembled = await result({
      id: 11,
      team: 'team-a',
      step: { kind: 'assemble', options: { format: 'html' }, labels: [...(one?.labels ?? []), ...(two?.labels ?? [])] },
    });
    if (assembled.kind !== 'assemble') throw new Error(assembled.kind);
    const html = new TextDecoder().decode(assembled.bytes);
    expect(html.match(/class="ls-label"/g)).toHaveLength(4);
    const places = ['Order B-0', 'Order B-1', 'Order B-2', 'Order B-3'].map((text) => html.indexOf(text));
    expect(places.every((place) => place > 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    await runner.handle({ forget: 8 });
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
