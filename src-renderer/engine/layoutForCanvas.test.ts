import { beforeAll, describe, expect, it } from 'vitest';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import { designWarnings } from '@shared/layout/designWarnings';
import { layoutLabel } from '@shared/layout/layoutLabel';
import { parseTemplate } from '@shared/model/template';
import { loadServerFonts } from './browserFonts';
import { browserFonts, bundledFontList, readFontFile, readSample } from '../../test/support/engine/engineTestSupport';
import { createLayoutForCanvas } from './layoutForCanvas';

const env = { now: () => new Date('2024-05-06T07:08:09Z') };
let fonts: FontRegistry;

beforeAll(async () => {
  fonts = await browserFonts();
});

type Json = Record<string, unknown>;

function label(elements: Json[]): Json {
  return { formatVersion: 1, meta: { name: 't' }, dimensions: { width: '50mm', height: '30mm' }, elements };
}

const text = (id: string, value = 'Hello'): Json => ({
  id,
  type: 'text',
  position: { mode: 'absolute', x: '2mm', y: '2mm' },
  width: '40mm',
  height: '8mm',
  content: { text: value },
});

const ean = (id: string, value: string): Json => ({
  id,
  type: 'barcode',
  symbology: 'ean13',
  position: { mode: 'absolute', x: '2mm', y: '12mm' },
  width: '30mm',
  height: '12mm',
  rotation: 90,
  content: { text: value },
});

describe('layoutForCanvas', () => {
  it.each(['shipping-4x6', 'asset-tag'] as const)('lays out the %s sample exactly as the server does', (name) => {
    const template = readSample(name, 'template');
    const data = readSample(name, 'data');
    const canvas = createLayoutForCanvas({ env })(template, data, fonts);
    expect(canvas.errors).toEqual([]);
    expect(canvas.stale).toBe(false);
    // The server's render of it at its default resolution: the layout's warnings, then the design's.
    const server = layoutLabel(parseTemplate(template), data, { fonts, env });
    expect(canvas.label).toEqual({
      ...server,
      warnings: [...server.warnings, ...designWarnings(server, fonts, { targetDpi: 300 })],
    });
  });

  it('checks the design on the whole label, for the printer asked: overlaps of elements laid out one by one', () => {
    const layout = createLayoutForCanvas({ env });
    const overlapping = label([
      text('a', 'Ship to'),
      { ...text('b', 'Ship to'), position: { mode: 'absolute', x: '3mm', y: '3mm' } },
    ]);
    const warned = layout(overlapping, {}, fonts);
    expect(warned.label.warnings.map((warning) => [warning.code, warning.elementIds])).toEqual([
      ['TEXT_OVERLAP', ['a', 'b']],
    ]);
    const edge = label([{ ...text('a', 'Edge'), position: { mode: 'absolute', x: '0.5mm', y: '2mm' } }]);
    expect(layout(edge, {}, fonts).label.warnings).toEqual([]);
    expect(
      layout(edge, {}, fonts, { targetDpi: 300, unprintableMargin: 72 / 25.4 }).label.warnings.map(
        (warning) => warning.code,
      ),
    ).toEqual(['ELEMENT_IN_UNPRINTABLE_MARGIN']);
  });

  it('keeps the last valid layout and reports every validation problem while the template is invalid', () => {
    const layout = createLayoutForCanvas();
    const good = layout(label([text('a'), text('b')]), {}, fonts);
    const broken = label([text('a'), { ...text('b'), width: '40' }, { ...text('c'), style: { fontSize: 'big' } }]);
    const result = layout(broken, {}, fonts);
    expect(result.stale).toBe(true);
    expect(result.label).toBe(good.label);
    expect(result.errors.map((error) => error.path)).toEqual(['elements[1].width', 'elements[2].style.fontSize']);
    expect(layout(label([text('a')]), {}, fonts).stale).toBe(false);
  });

  it('shows an empty label of the template size before the first valid layout', () => {
    const result = createLayoutForCanvas()({ ...label([{ ...text('a'), height: 'x' }]) }, {}, fonts);
    expect(result.stale).toBe(true);
    expect(result.label).toMatchObject({
      width: expect.closeTo(141.73, 2),
      height: expect.closeTo(85.04, 2),
      elements: [],
    });
    expect(createLayoutForCanvas()(null, {}, fonts).label).toMatchObject({ width: 0, height: 0 });
  });

  it('marks an element that cannot be laid out and still draws the others', () => {
    const result = createLayoutForCanvas()(label([text('a'), ean('code', '12'), text('b')]), {}, fonts);
    expect(result.stale).toBe(false);
    expect(result.label.elements.map((element) => element.id)).toEqual(['a', 'b']);
    expect(result.failures).toEqual([
      {
        id: 'code',
        box: {
          x: expect.closeTo(5.67, 2),
          y: expect.closeTo(34.02, 2),
          width: expect.closeTo(85.04, 2),
          height: expect.closeTo(34.02, 2),
        },
        rotation: 90,
        message: expect.stringMatching(/ean13 cannot encode "12"/),
      },
    ]);
    expect(result.errors).toEqual([{ path: 'elements[1]', elementId: 'code', message: result.failures[0]?.message }]);
  });

  it('reports a failing expression on its element only', () => {
    const result = createLayoutForCanvas()(
      label([{ ...text('a'), content: { expression: 'formatNumber(data.weight, 2)' } }, text('b')]),
      { weight: 'heavy' },
      fonts,
    );
    expect(result.label.elements.map((element) => element.id)).toEqual(['b']);
    expect(result.failures).toMatchObject([
      { id: 'a', message: expect.stringMatching(/formatNumber: value must be a number/) },
    ]);
  });

  it('lays out again only the elements that changed, so unchanged ones keep their identity', () => {
    const layout = createLayoutForCanvas();
    const [a, b, code] = [text('a'), text('b'), ean('code', '4006381333931')];
    const elements = [a, b, code];
    const data = {};
    const first = layout(label(elements), data, fonts);
    const second = layout(label([a, text('b', 'Changed'), code]), data, fonts);
    expect(second.label.elements[0]).toBe(first.label.elements[0]);
    expect(second.label.elements[2]).toBe(first.label.elements[2]);
    expect(second.label.elements[1]).not.toBe(first.label.elements[1]);
    // Equal JSON in a new object (say after undo) is found too; new data lays everything out again.
    expect(layout(label(structuredClone(elements)), data, fonts).label.elements[0]).toBe(first.label.elements[0]);
    expect(layout(label(elements), {}, fonts).label.elements[0]).not.toBe(first.label.elements[0]);
  });

  it('never throws, whatever it is given', () => {
    const layout = createLayoutForCanvas();
    for (const input of [undefined, 42, 'x', { formatVersion: 1 }, label([{ id: 'x', type: 'sparkle' }])]) {
      expect(layout(input, {}, fonts).errors.length).toBeGreaterThan(0);
    }
  });
});

describe('loadServerFonts', () => {
  const respond = (body: unknown): Response => new Response(body instanceof ArrayBuffer ? body : JSON.stringify(body));

  it('reads the list, then every listed file from its url', async () => {
    const list = bundledFontList();
    const requested: string[] = [];
    const registry = await loadServerFonts(async (url) => {
      requested.push(url);
      return respond(url === '/api/fonts' ? { fonts: list } : readFontFile(url.replace('/editor-assets/fonts/', '')));
    });
    expect(requested).toEqual(['/api/fonts', ...list.map((face) => face.url)]);
    expect(registry.measure('sans-bold', 'Label', 10)).toBeCloseTo(fonts.measure('sans-bold', 'Label', 10), 9);
  });

  it('refuses a malformed list and failed requests', async () => {
    await expect(loadServerFonts(async () => respond({ fonts: [{ family: 'comic' }] }))).rejects.toThrow();
    await expect(loadServerFonts(async () => respond(bundledFontList()))).rejects.toThrow();
    await expect(loadServerFonts(async () => new Response('no', { status: 401 }))).rejects.toThrow(/HTTP 401/);
  });
});

describe('the printer resolution', () => {
  const code128 = { ...ean('c', '12345678'), symbology: 'code128', rotation: 0, moduleWidth: '0.375mm' };
  const symbolOf = (layout: ReturnType<ReturnType<typeof createLayoutForCanvas>>) => {
    const element = layout.label.elements[0];
    if (element?.type !== 'barcode' || element.symbol.kind !== 'linear') throw new Error('no linear barcode laid out');
    return element.symbol;
  };

  it('lays barcodes out in whole dots of the target', () => {
    const layout = createLayoutForCanvas({ env });
    const template = label([code128]);
    expect(symbolOf(layout(template, {}, fonts, { targetDpi: 203 }))).toMatchObject({ dpi: 203, moduleDots: 3 });
    // The same template for a 600 dpi printer: laid out again, not served from the 203 dpi cache.
    expect(symbolOf(layout(template, {}, fonts, { targetDpi: 600 }))).toMatchObject({ dpi: 600, moduleDots: 9 });
  });
});

describe('counters on the canvas', () => {
  it('number the label from the next values the server gives, as the preview does, and from each start without them', () => {
    const layout = createLayoutForCanvas();
    const template = label([
      {
        ...text('serial'),
        content: undefined,
        contentExpression: '"SN-" + counter("parcel", {start: 1001, step: 1, pad: 6})',
      },
    ]);
    const shown = (result: ReturnType<typeof layout>) =>
      (result.label.elements[0] as { lines?: { text: string }[] } | undefined)?.lines
        ?.map((line) => line.text)
        .join('');
    expect(shown(layout(template, {}, fonts))).toBe('SN-001001');
    // The same template and data with the next values: laid out again, not served from the cache.
    expect(shown(layout(template, {}, fonts, undefined, { parcel: 1006 }))).toBe('SN-001006');
  });
});
