import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { BadRequestError, InvalidTemplateError, RenderError } from '../errors';
import { renderLabel } from './renderLabel';

const fonts = bundledFonts();

function template(width: string, height: string, elements: unknown[] = []): unknown {
  return { formatVersion: 1, meta: { name: 't' }, dimensions: { width, height }, elements };
}

const text = (family: string) => ({
  id: 't',
  type: 'text',
  position: { mode: 'absolute', x: '1mm', y: '1mm' },
  width: '40mm',
  height: '10mm',
  content: { text: 'Hello' },
  style: { fontFamily: family },
});

describe('renderLabel', () => {
  it('renders each format with its content type', async () => {
    const cases = [
      ['pdf', 'application/pdf', '%PDF-'],
      ['png', 'image/png', '\x89PNG'],
      ['zpl', 'text/plain', '^XA'],
      ['html', 'text/html', '<!DOCTYPE html>'],
    ] as const;
    for (const [format, type, start] of cases) {
      const output = await renderLabel(template('2in', '1in', [text('Arial')]), {}, { format, fonts });
      expect(output.contentType.startsWith(type)).toBe(true);
      expect(Buffer.from(output.bytes).toString('latin1').startsWith(start), format).toBe(true);
    }
  });

  it('refuses data that is not an object, and dpi out of range', async () => {
    await expect(renderLabel(template('2in', '1in'), [], { format: 'pdf', fonts })).rejects.toThrow(BadRequestError);
    await expect(renderLabel(template('2in', '1in'), {}, { format: 'png', dpi: 49, fonts })).rejects.toThrow(
      /dpi must be between 50 and 600/,
    );
    await expect(renderLabel(template('2in', '1in'), {}, { format: 'png', dpi: 601, fonts })).rejects.toThrow(
      BadRequestError,
    );
  });

  it('refuses a PNG too large to make before drawing anything', async () => {
    await expect(renderLabel(template('1000mm', '1000mm'), {}, { format: 'png', dpi: 600, fonts })).rejects.toThrow(
      /over the limit of 64 million pixels/,
    );
    // The same label fits at a lower resolution.
    const output = await renderLabel(template('1000mm', '1000mm'), {}, { format: 'png', dpi: 50, fonts });
    expect(output.bytes.byteLength).toBeGreaterThan(0);
  });

  it('reports template problems as INVALID_TEMPLATE and barcode values the symbology cannot hold as INVALID_BARCODE_DATA', async () => {
    await expect(renderLabel(template('2', '1in'), {}, { format: 'pdf', fonts })).rejects.toThrow(InvalidTemplateError);
    const barcode = {
      id: 'ean',
      type: 'barcode',
      symbology: 'ean13',
      position: { mode: 'absolute', x: '0mm', y: '0mm' },
      width: '30mm',
      height: '15mm',
      contentExpression: 'code',
    };
    const failure = renderLabel(template('2in', '1in', [barcode]), { code: 'not digits' }, { format: 'zpl', fonts });
    await expect(failure).rejects.toThrow(RenderError);
    await expect(failure).rejects.toMatchObject({
      code: 'INVALID_BARCODE_DATA',
      status: 400,
      details: { elementId: 'ean', symbology: 'ean13' },
    });
  });

  it('passes layout warnings through', async () => {
    const output = await renderLabel(template('2in', '1in', [text('Comic Sans MS')]), {}, { format: 'pdf', fonts });
    expect(output.warnings.map((warning) => warning.code)).toEqual(['FONT_FALLBACK']);
  });
});
