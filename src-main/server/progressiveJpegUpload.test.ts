// A progressive JPEG (what image editors export "for the web") over HTTP: kept by the image library, drawn in PNG and PDF renders.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressiveJpeg } from '../../src-shared/elements/image/imageTestSupport';
import { colorAt, colorNear, renderPdf } from '../../src-shared/elements/rasterTestSupport';
import { call, cli, render, startTestServer, teamWithKeys, type TeamWithKeys, type TestServer } from './serverTestSupport';

/** 32 x 16 pixels of yellow (Y 226, Cb 1, Cr 149 in JFIF's YCbCr), written as a progressive JPEG. */
const YELLOW_PHOTO = Buffer.from(progressiveJpeg(4, 2, () => [226, 1, 149])).toString('base64');

let server: TestServer;
let owner: TeamWithKeys;
let templateId: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = cli(server.dataDir);
  owner = await teamWithKeys(admin, { name: 'Owner', rateMinute: 10_000, rateHour: 100_000 });
  const template = {
    formatVersion: 1,
    meta: { name: 'Photo' },
    dimensions: { width: '20mm', height: '10mm' },
    elements: [{ id: 'photo', type: 'image', position: { mode: 'absolute', x: '0mm', y: '0mm' }, width: '20mm', height: '10mm', src: 'image:photo', fit: 'fill' }],
  };
  templateId = (await admin.importTemplate(owner.team.id, template, { slug: 'photo' })).id;
});

afterAll(async () => {
  await server.dispose();
});

describe('a progressive JPEG in the image library', () => {
  it('is kept (201, typed jpeg, its size read from its SOF2 header) and drawn in PNG and PDF renders', async () => {
    const created = await call(server, '/v1/images', { method: 'POST', key: owner.live, json: { name: 'photo', data: YELLOW_PHOTO } });
    expect(created.status, created.text).toBe(201);
    expect(created.json()).toMatchObject({ name: 'photo', type: 'jpeg', contentType: 'image/jpeg', pixelWidth: 32, pixelHeight: 16 });

    const png = await render(server, owner.live, { templateId, data: {}, format: 'png', dpi: 100, delivery: 'inline' });
    expect(png.status, png.text).toBe(200);
    const decoded = PNG.sync.read(png.body);
    const raster = { width: decoded.width, height: decoded.height, rgba: new Uint8Array(decoded.data) };
    expect(colorNear(colorAt(raster, raster.width >> 1, raster.height >> 1), '#ffff00'), colorAt(raster, raster.width >> 1, raster.height >> 1)).toBe(true);

    const pdf = await render(server, owner.live, { templateId, data: {}, format: 'pdf', delivery: 'inline' });
    expect(pdf.status, pdf.text).toBe(200);
    const page = await renderPdf(pdf.body, 100);
    expect(colorNear(colorAt(page, page.width >> 1, page.height >> 1), '#ffff00'), colorAt(page, page.width >> 1, page.height >> 1)).toBe(true);
  });
});
