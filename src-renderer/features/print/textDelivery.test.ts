import { describe, expect, it } from 'vitest';
import { textDelivery } from './textDelivery';

const text = (id: string, fontFamily?: string) => ({
  id,
  type: 'text',
  position: { mode: 'absolute', x: '1mm', y: '1mm' },
  width: '20mm',
  height: '5mm',
  content: { text: id },
  ...(fontFamily === undefined ? {} : { style: { fontFamily } }),
});
const label = (elements: unknown[]) => ({
  formatVersion: 1,
  meta: { name: 'Tag' },
  dimensions: { width: '50mm', height: '30mm' },
  elements,
});
const network = { connection: { kind: 'raw' as const, host: '127.0.0.1', port: 9100 } };

describe('how texts reach the printer, as the print dialog says it', () => {
  it('names the printer’s font mode for texts in the template’s fonts', () => {
    expect(textDelivery(label([text('a', 'Liberation Serif')]), { ...network, fonts: 'graphic' })).toBe(
      'Texts in the template’s fonts print as graphics of their glyphs, the same on every printer.',
    );
    expect(textDelivery(label([text('a')]), { ...network, fonts: 'download' })).toBe(
      'Texts in the template’s fonts print in their fonts, sent once per job (~DY) for this printer to draw.',
    );
  });

  it('names the printer’s own font for “Printer 0” texts, beside the others', () => {
    expect(textDelivery(label([text('a', 'Printer 0')]), { ...network, fonts: 'graphic' })).toBe(
      'Texts in “Printer 0” print in the printer’s own font (^A0).',
    );
    expect(textDelivery(label([text('a', 'Printer 0'), text('b', 'sans')]), { ...network, fonts: 'graphic' })).toBe(
      'Texts in the template’s fonts print as graphics of their glyphs, the same on every printer; texts in “Printer 0” print in the printer’s own font (^A0).',
    );
  });

  it('says nothing without a printer, text or valid template; a PDF queue prints the designed fonts', () => {
    expect(textDelivery(label([text('a')]), undefined)).toBeNull();
    expect(textDelivery(label([]), { ...network, fonts: 'graphic' })).toBeNull();
    expect(textDelivery({ elements: 'no' }, { ...network, fonts: 'graphic' })).toBeNull();
    expect(
      textDelivery(label([text('a')]), {
        connection: { kind: 'system', queue: 'Office', rawQueue: false },
        fonts: 'graphic',
      }),
    ).toBe('Texts print in their designed fonts (the printer takes PDF).');
  });
});
