// Attacks H1 and H2 against a real `labelsmith serve`: images that lie about their size or are drawn 300 times are refused with 400, memory and /health unharmed.
import { describe, expect, it } from 'vitest';
import { craftJpeg, jpegDataUri } from '../../../test/support/engine/imageTestSupport';
import { RENDER_PIXEL_BUDGET } from '@shared/render/pixelBudget';
import { attackTarget, underAttack } from '../../../test/support/server/attackSupport';
import { isWholeOutput, render, type Answer } from '../../../test/support/server/robustnessSupport';

const target = attackTarget();

/** A 4x6 in label whose `count` image elements all show the data's `photo`. */
function photoLabel(count: number, photo: string, format: string): Record<string, unknown> {
  const elements = Array.from({ length: count }, (_, index) => ({
    id: `photo${index}`,
    type: 'image',
    contentExpression: 'photo',
    position: { mode: 'absolute', x: `${2 + (index % 20) * 4}mm`, y: `${2 + Math.floor(index / 20) * 9}mm` },
    width: '40mm',
    height: '40mm',
  }));
  return {
    template: { formatVersion: 1, meta: { name: 'Photos' }, dimensions: { width: '4in', height: '6in' }, elements },
    data: { photo },
    format,
    delivery: 'inline',
  };
}

function expectRefused(answer: Answer, pattern: RegExp): Record<string, unknown> {
  expect(answer.status, answer.text.slice(0, 300)).toBe(400);
  expect(answer.json).toMatchObject({ code: 'BAD_REQUEST', error: expect.stringMatching(pattern) });
  return answer.json ?? {};
}

describe('H1: a JPEG whose first frame header says 16x16 and whose second says 30000x30000 (7.2 GB decoded)', () => {
  const lying = jpegDataUri(
    craftJpeg({
      frames: [
        { width: 16, height: 16 },
        { width: 30000, height: 30000 },
      ],
    }),
  );
  // The size every decoder would honour, stated honestly in the only frame header: refused by the per-image limit.
  const huge = jpegDataUri(craftJpeg({ frames: [{ width: 30000, height: 30000 }], blocks: 64 }));

  it('png and pdf, two requests at once each: 400 BAD_REQUEST naming the element, nothing decoded', async () => {
    expect(lying.length).toBeLessThan(2000);
    const { result: answers } = await underAttack(
      'H1 crafted JPEG, png and pdf, two at once',
      target.server,
      target.tenant,
      () =>
        Promise.all(
          ['png', 'png', 'pdf', 'pdf'].map((format) =>
            render(target.server.url, target.tenant.key, photoLabel(1, lying, format)),
          ),
        ),
    );
    for (const answer of answers) {
      const body = expectRefused(answer, /^image "photo0": a JPEG with more than one frame header is not supported/);
      expect(body.details).toMatchObject({ elementId: 'photo0' });
    }
  });

  it('the same size in a single frame header: 400 over the 25-megapixel image limit, in png and pdf at once', async () => {
    const { result: answers } = await underAttack(
      'H1 honest 30000x30000 JPEG, png and pdf at once',
      target.server,
      target.tenant,
      () =>
        Promise.all(
          ['png', 'pdf', 'png', 'pdf'].map((format) =>
            render(target.server.url, target.tenant.key, photoLabel(1, huge, format)),
          ),
        ),
    );
    for (const answer of answers)
      expectRefused(answer, /^image "photo0": it has 30000x30000 pixels; at most 25 megapixels are allowed/);
  });
});

describe('H2: 300 image elements sharing one allowed 5000x5000 JPEG (21 GB if each decoded on its own)', () => {
  // Its scan codes the first 4,096 blocks only: a data string under the 100,000-character text limit; decoders pad the rest.
  const photo = jpegDataUri(craftJpeg({ frames: [{ width: 5000, height: 5000 }], blocks: 4096 }));

  it('png and zpl: 400 naming the pixel budget; pdf embeds the image once and renders', async () => {
    expect(photo.length).toBeLessThan(2000);
    // One format after another: png and zpl are refused before anything is decoded, but pdf's render decodes the
    // 25-megapixel JPEG, and on two loaded cores the refusals this test is about should not queue behind it.
    const {
      result: [png, zpl, pdf],
    } = await underAttack(
      'H2 300 elements x 5000x5000 JPEG, png zpl pdf in turn',
      target.server,
      target.tenant,
      async () => {
        const answers: Answer[] = [];
        for (const format of ['png', 'zpl', 'pdf'])
          answers.push(await render(target.server.url, target.tenant.key, photoLabel(300, photo, format), 60_000));
        return answers;
      },
    );
    for (const answer of [png, zpl] as Answer[]) {
      const body = expectRefused(
        answer,
        /^image "photo\d+" .* needs 25,000,000 decoded pixels; .* budget of 100,000,000/,
      );
      expect(body.details).toEqual({ budget: 'pixels', limit: RENDER_PIXEL_BUDGET, requested: 25_000_000 });
    }
    const document = pdf as Answer;
    expect(document.status, document.text.slice(0, 300)).toBe(200);
    expect(isWholeOutput('pdf', document.bytes)).toBe(true);
    // One embedded image object, not 300.
    expect(document.bytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  }, 180_000);
});
