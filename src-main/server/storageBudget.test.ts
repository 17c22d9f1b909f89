import { countRows } from '../../test/support/store/storeTestSupport';
// Kept outputs against the per-output cap and the team's storage budget, on a real server: 413 OUTPUT_TOO_LARGE and
// 429 STORAGE_EXCEEDED before anything is written or counted, the numbers in /v1/usage, and room again after expiry.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usageSchema, type Usage } from '@shared/api/resources';
import { OUTPUT_TTL_MS } from '../store/recordRender';
import {
  call,
  cli,
  cliJson,
  DAY_MS,
  expectError,
  expectRenderResult,
  outputPath,
  render,
  startTestServer,
  tagTemplate,
  teamsWithKeys,
  testClock,
  type TeamWithKeys,
  type TestServer,
} from '../../test/support/server/serverTestSupport';

/** The server's per-output cap here: a few PNG labels pass it, a single ZPL label is far below it. */
const MAX_OUTPUT = 40_000;
const RATE = { rateMinute: 1000, rateHour: 10_000 };

const clock = testClock();
let server: TestServer;
let teams: { capped: TeamWithKeys; full: TeamWithKeys; racing: TeamWithKeys; library: TeamWithKeys };

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, maxOutputBytes: MAX_OUTPUT });
  teams = await teamsWithKeys(cli(server.dataDir), {
    capped: { plan: 'dev', ...RATE },
    full: { plan: 'dev', ...RATE },
    racing: { plan: 'dev', ...RATE },
    library: { plan: 'dev', ...RATE },
  });
});

afterAll(async () => {
  await server.dispose();
});

async function usage(key: string): Promise<Usage> {
  const response = await call(server, '/v1/usage', { key });
  expect(response.status, response.text).toBe(200);
  return usageSchema.parse(response.json());
}

const outputFiles = (): string[] => readdirSync(join(server.dataDir, 'outputs')).sort();
const renderRows = (team: TeamWithKeys): Promise<number> => countRows(server.store, 'renders', team.team.id);

/** `labelsmith team set ID --storage-limit BYTES`: the administrator's override of the plan's budget. */
async function setStorageLimit(team: TeamWithKeys, bytes: number): Promise<void> {
  const shown = await cliJson(server.dataDir, z.looseObject({ limits: z.looseObject({ storageBytes: z.number() }) }), [
    'team',
    'set',
    team.team.id,
    '--storage-limit',
    String(bytes),
  ]);
  expect(shown.limits.storageBytes).toBe(bytes);
}

const zplTag = (title: string) => ({ template: tagTemplate(), data: { title }, format: 'zpl' });

describe('the per-output cap', () => {
  it('refuses a batch whose output is over it with 413 naming the cap, writing, recording and counting nothing; inline delivery is not kept, so not capped', async () => {
    const batch = {
      template: tagTemplate(),
      records: Array.from({ length: 40 }, (_, i) => ({ title: `Label ${i + 1}` })),
      format: 'png',
      dpi: 300,
    };
    const before = outputFiles();
    const refused = await render(server, teams.capped.live, batch);
    const body = expectError(refused, 413, 'OUTPUT_TOO_LARGE');
    expect(body.error).toMatch(
      new RegExp(
        `^the output is \\d+ bytes, over the ${MAX_OUTPUT}-byte limit of a kept output: split the batch, or ask for delivery "inline" \\(not kept\\)$`,
      ),
    );
    expect(body.details).toEqual({ sizeBytes: expect.any(Number), limitBytes: MAX_OUTPUT });
    expect(outputFiles()).toEqual(before);
    expect(await renderRows(teams.capped)).toBe(0);
    expect(await usage(teams.capped.live)).toMatchObject({
      renders: { live: 0, test: 0 },
      quota: { remaining: 100 },
      storage: { usedBytes: 0, limitBytes: 100_000_000 },
    });

    const inline = await render(server, teams.capped.live, { ...batch, delivery: 'inline' });
    expect(inline.status, inline.text).toBe(200);
    expect(inline.body.length).toBe((body.details as { sizeBytes: number }).sizeBytes);
    expect(outputFiles()).toEqual(before);
    expect(await usage(teams.capped.live)).toMatchObject({ renders: { live: 40, test: 0 }, storage: { usedBytes: 0 } });
  });
});

describe('the storage budget', () => {
  it('counts live and test outputs in /v1/usage, refuses one past the budget with 429 and Retry-After, and has room again once outputs expire', async () => {
    const { full } = teams;
    const first = expectRenderResult(await render(server, full.test, zplTag('same size')));
    const size = first.sizeBytes;
    await setStorageLimit(full, 2 * size + Math.floor(size / 2));
    clock.advance(DAY_MS);
    const second = expectRenderResult(await render(server, full.live, zplTag('same size')));
    expect(second.sizeBytes).toBe(size);
    expect(await usage(full.test)).toMatchObject({
      renders: { live: 1, test: 1 },
      storage: { usedBytes: 2 * size, limitBytes: 2 * size + Math.floor(size / 2) },
    });

    const before = outputFiles();
    for (const key of [full.test, full.live]) {
      const refused = await render(server, key, zplTag('same size'));
      const body = expectError(refused, 429, 'STORAGE_EXCEEDED');
      expect(body.details).toEqual({
        usedBytes: 2 * size,
        limitBytes: 2 * size + Math.floor(size / 2),
        sizeBytes: size,
      });
      // Room comes back when the oldest output expires: 6 days from now.
      const retryAfter = Number(refused.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan((OUTPUT_TTL_MS - DAY_MS) / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual((OUTPUT_TTL_MS - DAY_MS) / 1000);
      expect(body.error).toContain(`enough of them expire in ${retryAfter} s`);
    }
    // Nothing written, recorded or counted; inline delivery still works, and takes no room.
    expect(outputFiles()).toEqual(before);
    expect(await renderRows(full)).toBe(2);
    expect((await render(server, full.live, { ...zplTag('inline'), delivery: 'inline' })).status).toBe(200);
    expect(await usage(full.live)).toMatchObject({ renders: { live: 2, test: 1 }, storage: { usedBytes: 2 * size } });

    // Past the first output's 7 days: it is gone (410) and its room is the next render's.
    clock.advance(OUTPUT_TTL_MS - DAY_MS);
    expectError(await call(server, outputPath(first), { key: full.test }), 410, 'OUTPUT_EXPIRED');
    const third = expectRenderResult(await render(server, full.test, zplTag('same size')));
    expect((await call(server, outputPath(third), { key: full.test })).status).toBe(200);
    expect(await usage(full.live)).toMatchObject({ storage: { usedBytes: 2 * size } });
  });

  it('lets only one of two renders racing for the last room keep its output', async () => {
    const { racing } = teams;
    const probe = await render(server, racing.live, { ...zplTag('same size'), delivery: 'inline' });
    const size = probe.body.length;
    await setStorageLimit(racing, size + Math.floor(size / 2));
    const answers = await Promise.all([
      render(server, racing.live, zplTag('same size')),
      render(server, racing.test, zplTag('same size')),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await renderRows(racing)).toBe(1);
    expect(readdirSync(join(server.dataDir, 'outputs')).filter((name) => name.includes('.tmp'))).toEqual([]);
    expect(await usage(racing.live)).toMatchObject({ storage: { usedBytes: size } });
  });
});

describe('library images in the storage budget', () => {
  const b64 = (text: string): string => Buffer.from(text).toString('base64');
  /** An SVG of `colour` whose raster (1200 x 600) is far larger than its own bytes. */
  const swatch = (colour: string): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="${colour}"/><circle cx="100" cy="50" r="40" fill="#fff"/></svg>`;
  const upload = (key: string, name: string, svg: string) =>
    call(server, '/v1/images', { method: 'POST', key, json: { name, data: b64(svg) } });
  const replace = (key: string, name: string, svg: string) =>
    call(server, `/v1/images/${name}`, { method: 'PUT', key, json: { data: b64(svg) } });
  /** An image's bytes as the team's storage counts them: the upload and the raster renders draw. */
  async function stored(key: string, name: string): Promise<number> {
    const [upload, drawn] = await Promise.all([
      call(server, `/v1/images/${name}`, { key }),
      call(server, `/v1/images/${name}/drawn`, { key }),
    ]);
    expect([upload.status, drawn.status]).toEqual([200, 200]);
    return upload.body.length + drawn.body.length;
  }
  const names = async (key: string): Promise<string[]> =>
    (await call(server, '/v1/images', { key }))
      .json<{ images: { name: string }[] }>()
      .images.map((image) => image.name);

  it('counts each upload and its raster in /v1/usage, refuses one past the budget with 429 STORAGE_EXCEEDED, and gives the room back on delete and on a smaller replacement', async () => {
    const { library } = teams;
    expect(await usage(library.live)).toMatchObject({ storage: { usedBytes: 0 } });
    expect((await upload(library.live, 'red', swatch('#c00000'))).status).toBe(201);
    const red = await stored(library.live, 'red');
    // The raster is the most of it: a 178-byte upload is kilobytes of PNG.
    expect(red).toBeGreaterThan(10 * swatch('#c00000').length);
    expect(await usage(library.live)).toMatchObject({ storage: { usedBytes: red } });

    // Room for one more such image and not two.
    await setStorageLimit(library, red * 2 + Math.floor(red / 2));
    expect((await upload(library.live, 'green', swatch('#00c000'))).status).toBe(201);
    const green = await stored(library.live, 'green');
    expect(await usage(library.live)).toMatchObject({ storage: { usedBytes: red + green } });
    // The same picture as red under another name: exactly red's size.
    const refused = await upload(library.live, 'blue', swatch('#c00000'));
    const body = expectError(refused, 429, 'STORAGE_EXCEEDED');
    expect(body.details).toEqual({
      usedBytes: red + green,
      limitBytes: red * 2 + Math.floor(red / 2),
      sizeBytes: expect.any(Number),
    });
    expect((body.details as { sizeBytes: number }).sizeBytes).toBeGreaterThan(red / 2);
    expect(body.error).toContain('delete or replace library images');
    expect(refused.headers.get('location')).toBeNull();
    // Nothing kept, nothing counted.
    expect(await names(library.live)).toEqual(['green', 'red']);
    expect(await usage(library.live)).toMatchObject({ storage: { usedBytes: red + green } });

    // A replacement that grows past the budget is refused too, and leaves the image as it was (the budget now full).
    await setStorageLimit(library, red + green);
    const noisy = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">${Array.from({ length: 40 }, (_, i) => `<rect x="${i * 5}" y="${(i * 37) % 90}" width="3" height="${10 + (i % 7)}" fill="#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}"/>`).join('')}</svg>`;
    expectError(await replace(library.live, 'green', noisy), 429, 'STORAGE_EXCEEDED');
    expect(await stored(library.live, 'green')).toBe(green);

    // Renders keep outputs in the same budget: images that fill it leave no room for a kept output.
    await setStorageLimit(library, red + green + 10);
    expectError(await render(server, library.live, zplTag('no room')), 429, 'STORAGE_EXCEEDED');

    // Deleting an image gives its room back, and the refused one fits now.
    expect((await call(server, '/v1/images/red', { method: 'DELETE', key: library.live })).status).toBe(204);
    expect(await usage(library.live)).toMatchObject({ storage: { usedBytes: green } });
    expect((await upload(library.live, 'blue', swatch('#c00000'))).status).toBe(201);
    const blue = await stored(library.live, 'blue');
    expect(blue).toBe(red);
    expect(await usage(library.live)).toMatchObject({ storage: { usedBytes: green + blue } });

    // Over the budget (it was lowered), a smaller replacement still stands and counts its new size.
    await setStorageLimit(library, 1000);
    expect(
      (
        await replace(
          library.live,
          'blue',
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"><rect width="2" height="1"/></svg>',
        )
      ).status,
    ).toBe(200);
    const smaller = await stored(library.live, 'blue');
    expect(smaller).toBeLessThan(blue);
    expect(await usage(library.live)).toMatchObject({ storage: { usedBytes: green + smaller } });
  });
});
