// The bridge's render handler, without Electron: real PNG, HTML and ZPL of the bundled samples, as base64.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderSample, SAMPLE_PREVIEW_DPI, toBridgeResult } from './renderSample';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function decodeBase64(base64: string): Buffer {
  return Buffer.from(base64, 'base64');
}

describe('renderSample', () => {
  it.each([
    // Sizes in inches from each sample's template dimensions.
    ['shipping-4x6', 4, 6],
    ['asset-tag', 2.25, 1.25],
  ] as const)('renders %s as a PNG of the label size at the preview dpi', async (name, widthIn, heightIn) => {
    const result = await renderSample({ name, format: 'png' });
    expect(result.contentType).toBe('image/png');
    const bytes = decodeBase64(result.base64);
    expect([...bytes.subarray(0, PNG_SIGNATURE.length)]).toEqual(PNG_SIGNATURE);
    const png = PNG.sync.read(bytes);
    expect(SAMPLE_PREVIEW_DPI).toBe(96);
    expect({ width: png.width, height: png.height }).toEqual({ width: widthIn * 96, height: heightIn * 96 });
  });

  it('renders HTML that is a whole document holding the sample data', async () => {
    const result = await renderSample({ name: 'shipping-4x6', format: 'html' });
    expect(result.contentType).toBe('text/html; charset=utf-8');
    const html = decodeBase64(result.base64).toString('utf8');
    expect(html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('221B Analytical Street');
  });

  it('renders ZPL as one label holding the sample data', async () => {
    const result = await renderSample({ name: 'asset-tag', format: 'zpl' });
    expect(result.contentType).toBe('text/plain; charset=utf-8');
    const zpl = decodeBase64(result.base64).toString('utf8');
    expect(zpl.trimStart().startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('AT-0042-7731');
  });

  it('renders the bundled samples without warnings', async () => {
    for (const name of ['shipping-4x6', 'asset-tag'] as const) {
      expect((await renderSample({ name, format: 'png' })).warnings).toEqual([]);
    }
  });
});

describe('toBridgeResult', () => {
  it('encodes only the bytes of the view and passes warnings on as {code, message}', () => {
    const buffer = Uint8Array.of(9, 1, 2, 3, 9);
    const result = toBridgeResult({
      bytes: buffer.subarray(1, 4),
      contentType: 'text/plain; charset=utf-8',
      warnings: [{ code: 'TEXT_TRUNCATED', message: 'text did not fit', elementId: 'from' }],
    });
    expect(result).toEqual({
      contentType: 'text/plain; charset=utf-8',
      base64: Buffer.from([1, 2, 3]).toString('base64'),
      warnings: [{ code: 'TEXT_TRUNCATED', message: 'text did not fit' }],
    });
  });
});
