import { describe, expect, it } from 'vitest';
import { ZPL_NOMINAL_DPI } from '@shared/api/zplViewer';
import { rotatedBounds } from '@shared/layout/boxBounds';
import { readZpl } from '@shared/read/zpl/readZpl';
import { pointsPerDot, ZPL_DPMM, type ZplDpmm } from '@shared/read/zpl/zplField';
import { PixelBudget } from '@shared/render/pixelBudget';
import { pointsToDots, toPoints } from '@shared/units/length';
import { bundledFonts } from '../fonts/bundledFonts';
import type { PrinterRecord } from '../store/queries/printerFields';
import { renderTestLabel } from './printerTestLabel';
import { printerRecord } from '../../test/support/printing/printingTestSupport';

const fonts = bundledFonts();
const AT = new Date(Date.UTC(2026, 10, 26, 1, 2));

function printer(dpi: PrinterRecord['dpi'], media: PrinterRecord['media'], timeZone: string | null): PrinterRecord {
  const connection = { kind: 'raw', host: '127.0.0.1', port: 9100 } as const;
  return printerRecord(connection, { name: 'Warehouse Zebra ZT411', dpi, media, timeZone });
}

const dpmmOf = (dpi: number): ZplDpmm => ZPL_DPMM.find((dpmm) => ZPL_NOMINAL_DPI[dpmm] === dpi) ?? 8;

describe('the printer test label', () => {
  const cases = [
    [203, { width: '4in', height: '6in' }, 'Europe/Berlin'],
    [203, { width: '4in', height: '1in' }, 'America/Argentina/Buenos_Aires'],
    [203, null, null],
    [300, { width: '100mm', height: '50mm' }, 'Asia/Kolkata'],
    [600, { width: '4in', height: '6in' }, 'Pacific/Chatham'],
  ] as const;

  it.each(cases)(
    'at %i dpi on %o stock (%s): every field, read back from its ZPL, lies inside the label',
    async (dpi, media, zone) => {
      const zpl = new TextDecoder().decode(await renderTestLabel(printer(dpi, media, zone), 'zpl', AT));
      const size = media ?? { width: '2in', height: '1in' };
      const [widthDots, heightDots] = [size.width, size.height].map((side) =>
        Math.round(pointsToDots(toPoints(side), dpi)),
      ) as [number, number];
      const dpmm = dpmmOf(dpi);
      const read = readZpl(zpl, { dpmm, widthDots, heightDots, budget: new PixelBudget(50_000_000), fonts });
      expect(read.warnings).toEqual([]);
      const [label] = read.labels;
      // Lines wrap where the stock is narrow (within a word after "/" too): the fields in order read as the label's lines.
      const text = Object.values(label?.texts ?? {})
        .map((source) => source.text)
        .join('')
        .replaceAll(' ', '');
      const lines = ['Warehouse Zebra ZT411', `${dpi} dpi - ${zone ?? 'UTC'}`, '2026-11-2[56] \\d\\d:\\d\\d']
        .join('')
        .replaceAll(' ', '');
      // The code's human-readable line, when the box leaves room for it.
      expect(text).toMatch(new RegExp(`^${lines}(LS-TEST-${dpi})?$`));
      // A dot of slack: field positions and ^FB widths are whole dots.
      const slack = pointsPerDot(dpmm);
      for (const element of label?.label.elements ?? []) {
        const bounds = rotatedBounds(element.box, element.rotation);
        expect(bounds.x, `${element.type} ${element.id}`).toBeGreaterThanOrEqual(-slack);
        expect(bounds.y, `${element.type} ${element.id}`).toBeGreaterThanOrEqual(-slack);
        expect(bounds.x + bounds.width, `${element.type} ${element.id} in ${zpl}`).toBeLessThanOrEqual(
          widthDots * pointsPerDot(dpmm) + slack,
        );
        expect(bounds.y + bounds.height, `${element.type} ${element.id}`).toBeLessThanOrEqual(
          heightDots * pointsPerDot(dpmm) + slack,
        );
      }
    },
  );
});
