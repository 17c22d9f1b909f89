// A render worker keeps what it decoded and validated apart by team: another team's first render of the same content misses, so it cannot time whether a team rendered it.
import { describe, expect, it } from 'vitest';
import { graphicCacheCounters } from '@shared/read/zpl/graphicCache';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadParcelWithLogo } from '../samples/sampleTemplates';
import { DecodedImages } from './decodedImages';
import { ParsedTemplates } from './parsedTemplates';
import { stepRunner } from './renderWorker';
import type { RenderStep } from './taskProtocol';

const fonts = bundledFonts();
const parcel = loadParcelWithLogo();

/** A worker with caches the test can read, and a function running one step for a team. */
function worker() {
  const shared = { images: new DecodedImages(), templates: new ParsedTemplates() };
  const runner = stepRunner(fonts, shared);
  let id = 0;
  const run = async (team: string, step: RenderStep): Promise<Uint8Array> => {
    const reply = await runner.handle({ id: ++id, team, step });
    if (!reply?.outcome.ok) throw new Error(JSON.stringify(reply?.outcome));
    const { result } = reply.outcome;
    if (result.kind !== 'label' && result.kind !== 'zpl') throw new Error(result.kind);
    return result.result.bytes;
  };
  /** What a step added to the counters of both caches. */
  const counted = async (team: string, step: RenderStep) => {
    const before = { images: { ...pick(shared.images) }, templates: { ...pick(shared.templates) } };
    const bytes = await run(team, step);
    const delta = (now: Counters, then: Counters) => ({ hits: now.hits - then.hits, misses: now.misses - then.misses });
    return { bytes, images: delta(shared.images, before.images), templates: delta(shared.templates, before.templates) };
  };
  return { shared, counted };
}

interface Counters {
  hits: number;
  misses: number;
}

function pick({ hits, misses }: Counters): Counters {
  return { hits, misses };
}

describe("a render worker's caches", () => {
  for (const format of ['png', 'zpl', 'pdf'] as const) {
    it(`answer a second team's first ${format} render of the same label as a miss, and the first team's second as a hit`, async () => {
      const { counted } = worker();
      const step: RenderStep = {
        kind: 'label',
        job: { template: parcel.template, data: parcel.data, format, dpi: 203 },
      };
      const firstA = await counted('team-a', step);
      const secondA = await counted('team-a', step);
      const firstB = await counted('team-b', step);
      // Team A's second render finds the template and the logo it kept.
      expect(firstA.templates).toEqual({ hits: 0, misses: 1 });
      expect(secondA.templates).toEqual({ hits: 1, misses: 0 });
      expect(secondA.images.hits).toBeGreaterThan(0);
      // Team B's first render is exactly as cold as team A's: nothing A kept answers it.
      expect(firstB.templates).toEqual({ hits: 0, misses: 1 });
      expect(firstB.images).toEqual(firstA.images);
      expect(firstA.images.hits).toBe(0);
      // Apart, yet the same output.
      expect(Buffer.from(firstB.bytes).equals(Buffer.from(firstA.bytes))).toBe(true);
    });
  }

  it("decode a second team's first ZPL graphic anew, and the first team's second from the cache", async () => {
    const { counted } = worker();
    // A 16 x 4 dot ^GF (2 bytes a row, ASCII hex), its pattern this test's own so no other read has cached it.
    const zpl = '^XA^FO10,10^GFA,8,8,2,F00F0FF0A55A3CC3^FS^XZ';
    const step: RenderStep = {
      kind: 'zpl',
      job: { zpl, dpmm: 8, widthDots: 200, heightDots: 100, index: 0, format: 'png', rotation: 0 },
    };
    const misses = () => graphicCacheCounters.misses;
    const hits = () => graphicCacheCounters.hits;
    const start = { hits: hits(), misses: misses() };
    const a1 = await counted('team-a', step);
    expect({ hits: hits() - start.hits, misses: misses() - start.misses }).toEqual({ hits: 0, misses: 1 });
    await counted('team-a', step);
    expect({ hits: hits() - start.hits, misses: misses() - start.misses }).toEqual({ hits: 1, misses: 1 });
    const b1 = await counted('team-b', step);
    expect({ hits: hits() - start.hits, misses: misses() - start.misses }).toEqual({ hits: 1, misses: 2 });
    expect(Buffer.from(b1.bytes).equals(Buffer.from(a1.bytes))).toBe(true);
  });

  it('keep one byte budget for all teams', async () => {
    const { shared, counted } = worker();
    const step: RenderStep = { kind: 'label', job: { template: parcel.template, data: parcel.data, format: 'zpl' } };
    await counted('team-a', step);
    const one = shared.images.bytes;
    await counted('team-b', step);
    // Each team's copy is counted in the same budget: two teams hold twice what one does.
    expect(shared.images.bytes).toBe(2 * one);
    expect(shared.images.bytes).toBeLessThanOrEqual(shared.images.maxBytes);
  });
});
