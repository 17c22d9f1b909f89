// Crafted images against a real server: the size-lying JPEG and the image drawn 300 times get 400 with the documented code, and it keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftJpeg, jpegDataUri, residentMb } from '../../test/support/engine/imageTestSupport';
import { RENDER_PIXEL_BUDGET } from '@shared/render/pixelBudget';
import {
  call,
  cli,
  expectError,
  render,
  startTestServer,
  teamWithKeys,
  type TeamWithKeys,
  type TestServer,
} from '../../test/support/server/serverTestSupport';

let server: TestServer;
let team: TeamWithKeys;

beforeAll(async () => {
  server = await startTestServer();
  team = await teamWithKeys(cli(server.dataDir), { plan: 'enterprise', rateMinute: 10_000, rateHour: 100_000 }, [
    'live',
  ]);
});

afterAll(async () => {
  await server.dispose();
});

function photoTemplate(count: number): Record<string, unknown> {
  const elements = Array.from({ length: count }, (_, index) => ({
    id: `photo${index}`,
    type: 'image',
    contentExpression: 'photo',
    position: { mode: 'absolute', x: '2mm', y: '2mm' },
    width: '40mm',
    height: '40mm',
  }));
  return { formatVersion: 1, meta: { name: 'Photos' }, dimensions: { width: '4in', height: '6in' }, elements };
}

async function expectServing(): Promise<void> {
  const health = await call(server, '/health');
  expect(health.status).toBe(200);
}

describe('POST /v1/render with crafted images', () => {
  // The first frame header says 16x16 (what the old size check read); the second says 30000x30000 (7.3 GB decoded).
  const lying = jpegDataUri(
    craftJpeg({
      frames: [
        { width: 16, height: 16 },
        { width: 30000, height: 30000 },
      ],
    }),
  );

  for (const format of ['png', 'pdf'] as const) {
    it(`${format}: a JPEG with a 16x16 frame header before a 30000x30000 one is 400 BAD_REQUEST naming the element`, async () => {
      const before = residentMb();
      const answer = await render(server, team.live, {
        template: photoTemplate(1),
        data: { photo: lying },
        format,
        delivery: 'inline',
      });
      const body = expectError(answer, 400, 'BAD_REQUEST');
      expect(body.error).toMatch(/image "photo0": a JPEG with more than one frame header is not supported/);
      expect(body.details).toMatchObject({ elementId: 'photo0' });
      await expectServing();
      expect(residentMb() - before).toBeLessThan(300);
    });
  }

  it('png: one 1 KB image of 5000x5000 pixels drawn by 300 elements is 400 BAD_REQUEST naming the budget, memory staying small', async () => {
    const photo = jpegDataUri(craftJpeg({ frames: [{ width: 5000, height: 5000 }], blocks: 4096 }));
    const before = residentMb();
    const answer = await render(server, team.live, {
      template: photoTemplate(300),
      data: { photo },
      format: 'png',
      delivery: 'inline',
    });
    const body = expectError(answer, 400, 'BAD_REQUEST');
    expect(body.error).toMatch(/^image "photo\d+" .* needs 25,000,000 decoded pixels; .* budget of 100,000,000/);
    expect(body.details).toEqual({ budget: 'pixels', limit: RENDER_PIXEL_BUDGET, requested: 25_000_000 });
    await expectServing();
    expect(residentMb() - before).toBeLessThan(300);
  });

  it('an honest image still renders', async () => {
    const photo = jpegDataUri(craftJpeg({ frames: [{ width: 64, height: 64 }] }));
    const answer = await render(server, team.live, {
      template: photoTemplate(3),
      data: { photo },
      format: 'png',
      delivery: 'inline',
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  });
});
