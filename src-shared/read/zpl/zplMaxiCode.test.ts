// ^BD MaxiCode as a UPS-style label carries it: the structured carrier message, where the symbol sits, its hexagons and bullseye.
import bwipjs from 'bwip-js/generic';
import { describe, expect, it } from 'vitest';
import { crop } from '../../../test/support/engine/barcodeOutputsTestSupport';
import { isDark, type Raster } from '../../../test/support/engine/rasterTestSupport';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { barcodeField, printField, printZpl, scanned } from '../../../test/support/engine/barcodeFieldTestSupport';
import { pointsPerDot, type ZplDpmm } from './zplField';

const RS = '\u001e';
const GS = '\u001d';
const EOT = '\u0004';

/**
 * The ZPL guide's ^BD data for modes 2 and 3: the high priority message first, class of service (3 digits), country
 * (3 digits, 840 the USA) and postal code (mode 2: 5 digits and the 4 of the extension), then the low priority
 * message, the ISO/IEC 15434 "[)>" RS "01" GS "96" header, tracking number, carrier, shipper, day of the year,
 * shipment id, package n/x, weight, address validation, address, city, state, RS EOT. Written with ^FH's _ escapes.
 */
const PRIMARY = { serviceClass: '003', country: '840', postalCode: '972051234' };
const SECONDARY = ['1Z48215793', 'UPSN', '4X6Y21', '331', '', '1/1', '4.2', 'Y', '2201 ORCHARD LANE', 'PORTLAND', 'OR'];
const DATA = `${PRIMARY.serviceClass}${PRIMARY.country}${PRIMARY.postalCode}[)>${RS}01${GS}96${SECONDARY.join(GS)}${RS}${EOT}`;
const FIELD_DATA = DATA.replace(
  /[\u0000-\u001f]/g,
  (char) => `_${char.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`,
);

/** What a scanner reports for it: the primary message after the header, in postal code, country, class order, then the rest. */
const SCANNED = `[)>${RS}01${GS}96${PRIMARY.postalCode}${GS}${PRIMARY.country}${GS}${PRIMARY.serviceClass}${GS}${SECONDARY.join(GS)}${RS}${EOT}`;

/** A 4x6 UPS-style label at 8 dpmm: addresses, a rule, the MaxiCode beside the routing code, the service and its code 128. */
const UPS_LABEL = [
  // ^CVY (code validation), as the guide's ^BD example turns it on: it changes nothing a valid symbol prints.
  '^XA^CI28^CVY',
  '^FO30,30^A0N,28,28^FDNORTHWIND TRADERS^FS',
  '^FO30,62^A0N,24,24^FD48 HARBOR WAY^FS',
  '^FO30,90^A0N,24,24^FDSEATTLE WA 98109^FS',
  '^FO30,170^A0N,30,30^FDSHIP TO:^FS',
  '^FO60,205^A0N,34,34^FDMARGARET CHEN^FS',
  '^FO60,245^A0N,34,34^FD2201 ORCHARD LANE^FS',
  '^FO60,285^A0N,40,40^FDPORTLAND OR 97205-1234^FS',
  '^FO20,350^GB772,4,4^FS',
  `^FO40,390^BD2,1,1^FH_^FD${FIELD_DATA}^FS`,
  '^FO330,420^A0N,90,80^FDOR 972 9-12^FS',
  '^FO20,640^GB772,4,4^FS',
  '^FO40,670^A0N,36,36^FDUPS GROUND^FS',
  '^FO40,715^A0N,26,26^FDTRACKING #: 1Z 4X6 Y21 03 4821 5793^FS',
  '^BY3^FO80,770^BCN,200,N,N,N^FD1Z4X6Y210348215793^FS',
  '^XZ',
].join('\n');

/**
 * ISO/IEC 16023's nominal geometry, in mm from the symbol's top left (its ^FO): modules 0.88 mm apart in a row, rows
 * 0.76 mm apart, odd rows half a module to the right, hexagons 0.76 mm wide and 0.88 mm tall, one module of quiet zone
 * on the left and one row on top; the whole 1.11 x 1.054 in.
 */
function moduleCentreMm(row: number, column: number): { x: number; y: number } {
  return { x: 0.88 + column * 0.88 + (row % 2) * 0.44 + 0.38, y: 0.76 + row * 0.76 + 0.44 };
}

/** The encoder's dark modules (row x 30 + column), the reference each drawn hexagon is checked against. */
function darkModules(value: string, mode: number): Set<number> {
  const [symbol] = bwipjs.raw({ bcid: 'maxicode', text: value, mode, parse: true } as bwipjs.RawOptions);
  if (!symbol || !('pixs' in symbol)) throw new Error('expected MaxiCode modules');
  return new Set(symbol.pixs);
}

/** The bullseye's centre (module 16, 14) and the radius its outer ring reaches, a module's half height added. */
const BULLSEYE = { ...moduleCentreMm(16, 14), reach: 7.75 / 2 + 0.44 };

/** Modules outside the bullseye whose centre pixel is not the module's colour, for a symbol whose ^FO is (x, y) dots at `dpmm`. */
function misplacedModules(raster: Raster, dark: Set<number>, x: number, y: number, dpmm: number): string[] {
  const wrong: string[] = [];
  for (let row = 0; row < 33; row++) {
    for (let column = 0; column < 30; column++) {
      const centre = moduleCentreMm(row, column);
      if (Math.hypot(centre.x - BULLSEYE.x, centre.y - BULLSEYE.y) < BULLSEYE.reach) continue;
      const drawn = isDark(raster, Math.floor(x + centre.x * dpmm), Math.floor(y + centre.y * dpmm));
      if (drawn !== dark.has(row * 30 + column)) wrong.push(`${row},${column}`);
    }
  }
  return wrong;
}

function maxiCodeOf(elements: readonly { type: string }[]): LaidOutOf<'barcode'> {
  const element = elements.find(
    (candidate): candidate is LaidOutOf<'barcode'> =>
      candidate.type === 'barcode' && 'symbology' in candidate && candidate.symbology === 'maxicode',
  );
  if (!element) throw new Error('expected a MaxiCode');
  return element;
}

describe('^BD on a UPS-style 4x6 label', () => {
  const printing = printZpl(UPS_LABEL, 8, 812, 1218);

  it('reads every field without a warning, the MaxiCode framed at its ^FO, 1.11 x 1.054 in', async () => {
    const { elements, warnings } = await printing;
    expect(warnings).toEqual([]);
    const maxi = maxiCodeOf(elements);
    const ppd = pointsPerDot(8);
    // 1.11 in and 1.054 in at 203.2 dots an inch: 225.6 and 214.2 dots, whole dots.
    expect(maxi.box).toEqual({ x: 40 * ppd, y: 390 * ppd, width: 226 * ppd, height: 214 * ppd });
    expect(maxi.rotation).toBe(0);
  });

  it('scans to the primary message (postal code, country, class) and the secondary message, and the code 128 to the tracking number', async () => {
    const { elements, raster } = await printing;
    // ZXing reads MaxiCode only as a pure symbol: the MaxiCode's own area, cut from the label.
    expect(await scanned(crop(raster, maxiCodeOf(elements), 203.2), 'MaxiCode')).toEqual([SCANNED]);
    expect(await scanned(raster, 'Code128')).toEqual(['1Z4X6Y210348215793']);
  });

  it('draws every hexagon where the standard puts it from the ^FO, and nothing where a module is light', async () => {
    const { raster } = await printing;
    const message = maxiCodeOf((await printing).elements).value;
    expect(misplacedModules(raster, darkModules(message, 2), 40, 390, 8)).toEqual([]);
  });

  it('draws the bullseye as round rings on module (16, 14): dark at 0.85, 2.2 and 3.54 mm from its centre, light between', async () => {
    const { raster } = await printing;
    const [cx, cy] = [40 + BULLSEYE.x * 8, 390 + BULLSEYE.y * 8];
    const rings = [0.3, 0.85, 1.5, 2.2, 2.9, 3.54].map((radius, index) => ({ radius, dark: index % 2 === 1 }));
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const seen = rings.map(({ radius }) =>
        isDark(raster, Math.round(cx + dx * radius * 8), Math.round(cy + dy * radius * 8)),
      );
      expect(seen, `direction ${dx},${dy}`).toEqual(rings.map((ring) => ring.dark));
    }
  });
});

describe('^BD at every resolution', () => {
  it.each<[ZplDpmm, number, number]>([
    [6, 169, 161],
    [8, 226, 214],
    [12, 338, 321],
  ])(
    'at %i dpmm the symbol is 1.11 x 1.054 in (%i x %i dots) and its hexagons are where the standard puts them',
    async (dpmm, width, height) => {
      const { elements, raster } = await printField(barcodeField('^BD2', DATA), dpmm, 500, 500);
      const maxi = maxiCodeOf(elements);
      const ppd = pointsPerDot(dpmm);
      expect([maxi.box.width / ppd, maxi.box.height / ppd].map(Math.round)).toEqual([width, height]);
      expect(misplacedModules(raster, darkModules(maxi.value, 2), 40, 40, dpmm)).toEqual([]);
      expect(await scanned(raster, 'MaxiCode')).toEqual([SCANNED]);
    },
  );

  it('stays upright under ^FWR: ^FW turns only commands with an orientation parameter, which ^BD has not', async () => {
    const { elements, raster } = await printField(barcodeField('^BD2', DATA, { defaultOrientation: 'R' }), 8, 500, 500);
    expect(maxiCodeOf(elements).rotation).toBe(0);
    expect(misplacedModules(raster, darkModules(maxiCodeOf(elements).value, 2), 40, 40, 8)).toEqual([]);
  });

  it('mode 3 takes a 6-character alphanumeric postal code', async () => {
    const { raster } = await printField(
      barcodeField('^BD3', `001124V6C3E2[)>${RS}01${GS}96TRACK9${GS}UPSN${RS}${EOT}`),
      8,
      400,
      400,
    );
    expect(await scanned(raster, 'MaxiCode')).toEqual([
      `[)>${RS}01${GS}96V6C3E2${GS}124${GS}001${GS}TRACK9${GS}UPSN${RS}${EOT}`,
    ]);
  });
});
