// POST /api/zpl/preview: pasted ZPL drawn by the render pool as PNGs one dot a pixel, warnings at byte positions, 400 for what is too big, no usage counted.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorUsage } from '@shared/api/editorApi';
import type { ZplPreviewAnswer } from '@shared/api/zplEditorApi';
import { api, startEditorServer, type EditorServer } from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
beforeAll(async () => {
  server = await startEditorServer();
});
afterAll(async () => {
  await server.close();
});

function preview(body: Record<string, unknown>) {
  return api(server, '/api/zpl/preview', { json: body });
}

/** Share of dark pixels (opaque and darker than mid grey) in a rectangle of a decoded PNG. */
function ink(png: PNG, x0: number, y0: number, width: number, height: number): number {
  let dark = 0;
  for (let y = y0; y < y0 + height; y++) {
    for (let x = x0; x < x0 + width; x++) {
      const at = (y * png.width + x) * 4;
      if ((png.data[at + 3] ?? 0) > 128 && (png.data[at] ?? 255) < 128) dark++;
    }
  }
  return dark / (width * height);
}

/** A 2x1 in shelf tag of our own: a frame, a bar across, a word. */
const TAG = '^XA^FO10,10^GB386,183,3^FS^FO40,60^GB300,30,30^FS^FO40,120^A0N,40,40^FDAISLE 4^FS^XZ';

describe('POST /api/zpl/preview', () => {
  it('draws each label at the density and size asked, one dot a pixel', async () => {
    const answer = await preview({ zpl: TAG, dpmm: 8, width: 2, height: 1 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = answer.json<ZplPreviewAnswer>();
    expect(body.totalCount).toBe(1);
    expect(body.warnings).toEqual([]);
    expect(body.labels.map(({ widthDots, heightDots }) => [widthDots, heightDots])).toEqual([[406, 203]]);
    const png = PNG.sync.read(Buffer.from(body.labels[0]?.png ?? '', 'base64'));
    expect([png.width, png.height]).toEqual([406, 203]);
    // The solid bar is ink, the space under the text paper.
    expect(ink(png, 45, 65, 290, 20)).toBe(1);
    expect(ink(png, 40, 170, 300, 15)).toBe(0);
    expect(ink(png, 40, 120, 200, 40)).toBeGreaterThan(0.1);

    const finer = (await preview({ zpl: TAG, dpmm: 12, width: 2, height: 1 })).json<ZplPreviewAnswer>();
    expect(finer.labels.map(({ widthDots, heightDots }) => [widthDots, heightDots])).toEqual([[600, 300]]);
  });

  it('draws the first 20 labels of a longer input and counts them all', async () => {
    const body = (await preview({ zpl: TAG.repeat(23), dpmm: 6, width: 2, height: 1 })).json<ZplPreviewAnswer>();
    expect(body.totalCount).toBe(23);
    expect(body.labels).toHaveLength(20);
  });

  it('answers the warnings with their commands and byte positions (UTF-8, as the printer receives the text)', async () => {
    // "Ä" is two bytes: ^QQ starts one byte later than its character index.
    const zpl = '^XA^CI28^FO20,20^A0N,30,30^FDÄRGER^FS^QQ5^FO20,80^A0N,30,30^FDok^FS';
    const body = (await preview({ zpl, dpmm: 8, width: 2, height: 1 })).json<ZplPreviewAnswer>();
    expect(body.totalCount).toBe(1);
    const unknown = body.warnings.find((warning) => warning.command === '^QQ');
    expect(unknown).toMatchObject({ position: zpl.indexOf('^QQ') + 1, message: expect.stringContaining('^QQ') });
    expect(body.warnings.map((warning) => warning.code)).toContain('ZPL_MISSING_XZ');
  });

  it('answers an input with no label with none drawn', async () => {
    const body = (await preview({ zpl: '^FX just a comment', dpmm: 8, width: 4, height: 6 })).json<ZplPreviewAnswer>();
    expect(body).toMatchObject({ labels: [], totalCount: 0 });
  });

  it('refuses what would pass the pixel budget or the raster limit with 400, and stays up', async () => {
    // A graphic declaring 100 MB (800 million dots): refused from its declaration, its data never decoded.
    const hugeGraphic = await preview({
      zpl: '^XA^FO0,0^GFA,100000000,100000000,10000,FF^FS^XZ',
      dpmm: 8,
      width: 4,
      height: 6,
    });
    expect(hugeGraphic.status, hugeGraphic.text).toBe(400);
    expect(hugeGraphic.json()).toMatchObject({ code: 'BAD_REQUEST' });
    // 15 x 15 in at 24 dpmm is 9,000 x 9,000 dots, over the 64 million pixels a PNG may have.
    const hugeLabel = await preview({ zpl: TAG, dpmm: 24, width: 15, height: 15 });
    expect(hugeLabel.status, hugeLabel.text).toBe(400);
    expect(hugeLabel.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await preview({ zpl: TAG, dpmm: 8, width: 2, height: 1 })).status).toBe(200);
  });

  it('checks the request', async () => {
    for (const body of [
      { dpmm: 8, width: 4, height: 6 },
      { zpl: TAG, dpmm: 7, width: 4, height: 6 },
      { zpl: TAG, dpmm: 8, width: 0, height: 6 },
      { zpl: TAG, dpmm: 8, width: 4, height: 16 },
    ]) {
      const answer = await preview(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(
      (await api(server, '/api/zpl/preview', { json: { zpl: TAG, dpmm: 8, width: 2, height: 1 }, auth: 'none' }))
        .status,
    ).toBe(401);
  });

  it('is not counted as usage', async () => {
    const before = (await api(server, '/api/usage')).json<EditorUsage>();
    expect((await preview({ zpl: TAG, dpmm: 8, width: 2, height: 1 })).status).toBe(200);
    const after = (await api(server, '/api/usage')).json<EditorUsage>();
    expect(after.renders).toEqual(before.renders);
    expect(after.perDay).toEqual(before.perDay);
  });
});
