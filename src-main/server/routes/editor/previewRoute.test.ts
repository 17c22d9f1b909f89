// POST /api/preview: real documents in every format from the render pool, the /v1 render errors, and no usage counted.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_WARNINGS_HEADER, type EditorUsage } from '@shared/api/editorApi';
import { loadSample } from '../../../samples/sampleTemplates';
import {
  api,
  smallTemplate,
  startEditorServer,
  tempDir,
  type EditorServer,
} from '../../../../test/support/server/editorTestSupport';

const run = promisify(execFile);
const shipping = loadSample('shipping-4x6');

let server: EditorServer;
beforeAll(async () => {
  server = await startEditorServer();
});
afterAll(async () => {
  await server.close();
});

function preview(body: Record<string, unknown>) {
  return api(server, '/api/preview', { json: body });
}

describe('POST /api/preview', () => {
  it('renders a PDF whose text is the record’s', async () => {
    const answer = await preview({ template: shipping.template, data: shipping.data, format: 'pdf' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const file = join(tempDir(), 'preview.pdf');
    writeFileSync(file, answer.bytes);
    const { stdout } = await run('pdftotext', [file, '-']);
    expect(stdout).toContain(String((shipping.data.recipient as { name: string }).name));
  });

  it('renders a PNG at the asked resolution', async () => {
    const answer = await preview({ template: smallTemplate(), data: { title: 'Hello' }, format: 'png', dpi: 127 });
    expect(answer.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(answer.bytes);
    // 50 x 25 mm at 127 dpi: 250 x 125 px.
    expect({ width: png.width, height: png.height }).toEqual({ width: 250, height: 125 });
  });

  it('renders ZPL for the asked printer resolution, and HTML with the data escaped and sandboxed', async () => {
    const zpl = await preview({ template: smallTemplate(), data: { title: 'Hello' }, format: 'zpl', zplDpi: 300 });
    expect(zpl.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(zpl.text).toMatch(/^\^XA/);
    expect(zpl.text.trimEnd()).toMatch(/\^XZ$/);
    // 50 mm at 300 dpi.
    expect(zpl.text).toContain('^PW591');

    const html = await preview({
      template: smallTemplate(),
      data: { title: '<script>alert(1)</script>' },
      format: 'html',
    });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.text).toContain('&lt;script&gt;');
    expect(html.text).not.toContain('<script>alert(1)</script>');
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html.headers.get('cache-control')).toBe('no-store');
  });

  it('reports the render’s warnings in a header', async () => {
    const template = {
      ...smallTemplate(),
      elements: [
        {
          id: 'odd-font',
          type: 'text',
          position: { mode: 'absolute', x: '1mm', y: '1mm' },
          width: '40mm',
          height: '8mm',
          content: { text: 'Hi' },
          style: { fontFamily: 'Comic Sans' },
        },
      ],
    };
    const answer = await preview({ template, data: {}, format: 'png', dpi: 72 });
    const warnings = JSON.parse(decodeURIComponent(answer.headers.get(PREVIEW_WARNINGS_HEADER) ?? '')) as {
      code: string;
    }[];
    expect(warnings.map((warning) => warning.code)).toContain('FONT_FALLBACK');
    const none = await preview({ template: smallTemplate(), data: {}, format: 'zpl' });
    expect(JSON.parse(decodeURIComponent(none.headers.get(PREVIEW_WARNINGS_HEADER) ?? ''))).toEqual([]);
  });

  it('answers errors as /v1/render does', async () => {
    const invalid = await preview({ template: { formatVersion: 1 }, data: {}, format: 'pdf' });
    expect(invalid.status).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'INVALID_TEMPLATE', details: { errors: expect.any(Array) } });
    for (const body of [
      { template: smallTemplate(), data: {}, format: 'svg' },
      { template: smallTemplate(), data: {}, format: 'png', dpi: 20 },
      { template: smallTemplate(), data: [], format: 'png' },
      { template: smallTemplate(), format: 'png' },
      { data: {}, format: 'png' },
      { template: smallTemplate(), data: {}, format: 'zpl', zplDpi: 250 },
    ]) {
      const answer = await preview(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    const ean = {
      ...smallTemplate(),
      elements: [
        {
          id: 'ean',
          type: 'barcode',
          symbology: 'ean13',
          position: { mode: 'absolute', x: '1mm', y: '1mm' },
          width: '40mm',
          height: '15mm',
          contentExpression: 'code',
        },
      ],
    };
    const unencodable = await preview({ template: ean, data: { code: 'not digits' }, format: 'png' });
    expect(unencodable.status).toBe(400);
    expect(unencodable.json()).toMatchObject({ code: 'INVALID_BARCODE_DATA', details: { elementId: 'ean' } });
  });

  it('is not counted as usage, live or test', async () => {
    const { key } = (await api(server, '/api/keys', { json: { mode: 'live' } })).json<{ key: string }>();
    const v1Usage = async () =>
      (
        await api(server, '/v1/usage', { auth: 'none', headers: { Authorization: `Bearer ${key}` } })
      ).json<EditorUsage>().renders;
    const before = (await api(server, '/api/usage')).json<EditorUsage>();
    for (const format of ['pdf', 'png', 'zpl', 'html'])
      expect((await preview({ template: smallTemplate(), data: {}, format })).status).toBe(200);
    const after = (await api(server, '/api/usage')).json<EditorUsage>();
    expect(after.renders).toEqual(before.renders);
    expect(after.perDay).toEqual(before.perDay);
    expect(await v1Usage()).toEqual({ live: 0, test: 0 });
  });
});
