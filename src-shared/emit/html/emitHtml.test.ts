// Checks the HTML document: self-contained, escaped, and placing text on the layout's baselines in a real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { isDark, type Raster } from '../../../test/support/engine/rasterTestSupport';
import { expectInkAt, fonts, inkBounds, labelOf, layOutText } from '../../../test/support/engine/emitTestSupport';
import type { Box, LaidOutLabel, LaidOutText, TextLine } from '../../layout/laidOutLabel';
import { layoutLabel } from '../../layout/layoutLabel';
import { parseTemplate } from '../../model/template';
import { loadSample } from '@main/samples/sampleTemplates';
import { emitPng } from '../png/emitPng';
import { emitHtml, emitHtmlPages } from './emitHtml';
import { withWholeFaces } from '../../../test/support/engine/htmlFontsTestSupport';

const run = promisify(execFile);
const DPI = 300;

const HOSTILE = `<script>alert(1)</script></style></div>"'&amp;<img src=x onerror=alert(2)>`;

describe('emitHtml document', () => {
  const hostileLabel = labelOf(288, 432, [layOutText('hostile', { x: 10, y: 10, width: 268, height: 200 }, HOSTILE)]);
  let html: string;
  beforeAll(async () => {
    html = await emitHtml(hostileLabel, fonts);
  });

  it('escapes every data value: no markup from the data survives', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html.match(/<\/div>/g)).toHaveLength(html.match(/<div/g)?.length ?? -1);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;/style&gt;&lt;/div&gt;&quot;&#39;&amp;amp;');
  });

  it('references nothing outside itself and forbids scripts', () => {
    expect(html).not.toMatch(/https?:\/\//i);
    const tags = html.match(/<[a-z][^<>]*>/gi) ?? [];
    for (const tag of tags)
      for (const match of tag.matchAll(/\b(?:src|href)\s*=\s*["']?([^"'\s>]*)/gi)) expect(match[1]).toMatch(/^data:/);
    for (const match of html.matchAll(/url\(([^)]*)\)/g)) expect(match[1]).toMatch(/^data:font\/woff2;base64,/);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    expect(csp).toContain('font-src data:');
  });

  it('sizes the page to the label and embeds only the faces in use', async () => {
    expect(html).toContain('@page{size:4in 6in;margin:0}');
    const bold = await emitHtml(
      labelOf(144, 72, [
        layOutText('b', { x: 0, y: 0, width: 144, height: 72 }, 'Bold', { fontWeight: 'bold', fontFamily: 'serif' }),
      ]),
      fonts,
    );
    expect(bold).toContain('@page{size:2in 1in;margin:0}');
    expect([...bold.matchAll(/@font-face\{font-family:"([^"]+)"/g)].map((m) => m[1])).toEqual(['ls-serif-bold']);
  });

  it('writes one page per label with page breaks between them', async () => {
    const labels = ['one', 'two', 'three'].map((value) =>
      labelOf(144, 72, [layOutText(value, { x: 0, y: 0, width: 144, height: 72 }, value)]),
    );
    const pages = await emitHtmlPages(labels, fonts);
    expect(pages.match(/class="ls-label"/g)).toHaveLength(3);
    expect(pages.indexOf('>one<')).toBeLessThan(pages.indexOf('>two<'));
    expect(pages.indexOf('>two<')).toBeLessThan(pages.indexOf('>three<'));
    expect(pages).toContain('.ls-label{position:relative;overflow:hidden;break-after:page}');
  });
});

/** Ink bounds in points the line's glyph outlines cover, from their stored bounding boxes. */
function glyphInkBounds(run: LaidOutText, line: TextLine): Box {
  const face = fonts.face(run.fontKey);
  const scale = run.fontSize / face.unitsPerEm;
  const shaped = fonts.layoutGlyphs(run.fontKey, line.text);
  let pen = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  shaped.glyphs.forEach((glyph, index) => {
    const position = shaped.positions[index];
    if (!position) return;
    const bbox = glyph.bbox;
    if (bbox.maxX > bbox.minX) {
      minX = Math.min(minX, pen + position.xOffset + bbox.minX);
      maxX = Math.max(maxX, pen + position.xOffset + bbox.maxX);
      minY = Math.min(minY, bbox.minY);
      maxY = Math.max(maxY, bbox.maxY);
    }
    pen += position.xAdvance;
  });
  return {
    x: line.x + minX * scale,
    y: line.baseline - maxY * scale,
    width: (maxX - minX) * scale,
    height: (maxY - minY) * scale,
  };
}

/** One device pixel of anti-aliasing at each edge, plus a quarter for Chromium snapping glyphs to device pixels. */
const INK_TOLERANCE = 1.25 * (72 / DPI);

describe('emitHtml in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Screenshot of the label at its true size and `dpi`, with every request the page makes. */
  async function screenshot(html: string, doc: LaidOutLabel): Promise<{ raster: Raster; requests: string[] }> {
    const context = await browser.newContext({
      viewport: { width: Math.round((doc.width * 96) / 72), height: Math.round((doc.height * 96) / 72) },
      deviceScaleFactor: DPI / 96,
    });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const png = PNG.sync.read(await page.screenshot({ type: 'png' }));
      return { raster: { width: png.width, height: png.height, rgba: new Uint8Array(png.data) }, requests };
    } finally {
      await context.close();
    }
  }

  it('notices a request when a page makes one (so the next checks mean something)', async () => {
    const doc = labelOf(72, 72, []);
    const { requests } = await screenshot('<img src="http://127.0.0.1:9/x.png">', doc);
    expect(requests).toEqual(['http://127.0.0.1:9/x.png']);
  });

  it('puts each line of text on its baseline at its x, in any face and alignment, without a request', async () => {
    // Capitals and digits with flat tops and bottoms: the ink edges are the cap height and the baseline themselves
    // (font hinting flattens the overshoots of round letters like O and S at some sizes).
    const elements = [
      layOutText('sans', { x: 12, y: 10, width: 260, height: 40 }, 'ZENITH LINE', { fontSize: '24pt' }),
      layOutText('serif-bold', { x: 12, y: 60, width: 260, height: 60 }, 'THIN LINE TEXT THAT HIT THE END', {
        fontFamily: 'serif',
        fontWeight: 'bold',
        fontSize: '18pt',
        textAlign: 'center',
      }),
      layOutText('mono-right', { x: 12, y: 130, width: 260, height: 30 }, 'MIT 147 HILL', {
        fontFamily: 'mono',
        fontSize: '11pt',
        textAlign: 'right',
      }),
      layOutText('small', { x: 20, y: 170, width: 200, height: 20 }, 'TINY HINT', { fontSize: '6pt' }),
      layOutText('hostile', { x: 12, y: 200, width: 260, height: 60 }, HOSTILE, { fontSize: '9pt' }),
    ];
    const doc = labelOf(288, 288, elements);
    const { raster, requests } = await screenshot(await emitHtml(doc, fonts), doc);
    expect(requests).toEqual([]);
    for (const element of elements.slice(0, 4)) {
      expect(element.lines.length).toBeGreaterThan(0);
      for (const line of element.lines)
        expectInkAt(raster, DPI, glyphInkBounds(element, line), INK_TOLERANCE, `${element.id} "${line.text}"`);
    }
    // The hostile value is drawn as its characters: ink where its line is.
    const hostileLine = elements[4]?.lines[0];
    expect(
      hostileLine &&
        inkBounds(raster, { x: hostileLine.x, y: hostileLine.baseline - 9, width: hostileLine.width, height: 11 }, DPI),
    ).toBeDefined();
  });

  it('turns a rotated element about its box centre', async () => {
    const box = { x: 100, y: 40, width: 160, height: 30 };
    const rotated = layOutText('rot', box, 'HILL', { fontSize: '20pt', textAlign: 'center' }, 90);
    const doc = labelOf(288, 288, [rotated]);
    const { raster } = await screenshot(await emitHtml(doc, fonts), doc);
    const line = rotated.lines[0];
    if (!line) throw new Error('no line');
    const upright = glyphInkBounds(rotated, line);
    // Rotating 90° clockwise about the centre maps (x, y) to (cx - (y - cy), cy + (x - cx)).
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const expected = {
      x: cx - (upright.y + upright.height - cy),
      y: cy + (upright.x - cx),
      width: upright.height,
      height: upright.width,
    };
    expectInkAt(raster, DPI, expected, INK_TOLERANCE, 'rotated HILL');
  });

  /** Dark pixels of `a`, and how many of them have no dark pixel of `b` within `radius` pixels. */
  function unmatchedInk(a: Raster, b: Raster, radius: number): { dark: number; unmatched: number } {
    let dark = 0;
    let unmatched = 0;
    for (let y = 0; y < a.height; y++) {
      for (let x = 0; x < a.width; x++) {
        if (!isDark(a, x, y)) continue;
        dark++;
        let found = false;
        for (let dy = -radius; dy <= radius && !found; dy++) {
          for (let dx = -radius; dx <= radius && !found; dx++) {
            const bx = x + dx;
            const by = y + dy;
            found = bx >= 0 && by >= 0 && bx < b.width && by < b.height && isDark(b, bx, by);
          }
        }
        if (!found) unmatched++;
      }
    }
    return { dark, unmatched };
  }

  /** The PNG emitter's raster of `doc` at the screenshots' resolution. */
  async function pngOf(doc: LaidOutLabel): Promise<Raster> {
    const decoded = PNG.sync.read(Buffer.from(await emitPng(doc, fonts, { dpi: DPI })));
    return { width: decoded.width, height: decoded.height, rgba: new Uint8Array(decoded.data) };
  }

  /** Chromium hints and anti-aliases glyphs its own way, so edges may differ by a device pixel (1/300 in); beyond that, at most `share` of either image's ink may lack a counterpart in the other. */
  function expectInkMatches(html: Raster, png: Raster, share: number): void {
    expect([html.width, html.height]).toEqual([png.width, png.height]);
    for (const [a, b] of [
      [html, png],
      [png, html],
    ] as const) {
      const { dark, unmatched } = unmatchedInk(a, b, 1);
      expect(dark).toBeGreaterThan(0.02 * a.width * a.height);
      expect(unmatched / dark).toBeLessThanOrEqual(share);
    }
  }

  it.each(['shipping-4x6', 'asset-tag'])(
    'draws the %s sample like the PNG emitter, to a pixel at 300 dpi',
    async (name) => {
      const sample = loadSample(name);
      const doc = layoutLabel(parseTemplate(sample.template), sample.data, {
        fonts,
        env: { now: () => new Date('2026-01-02T03:04:05Z') },
      });
      const { raster: html, requests } = await screenshot(await emitHtml(doc, fonts), doc);
      expect(requests).toEqual([]);
      expectInkMatches(html, await pngOf(doc), 0.001);
    },
  );

  it("draws data beyond the template's own text (Å, €, Cyrillic, Greek) in the subset exactly as in the whole faces, and like the PNG emitter", async () => {
    const sample = loadSample('shipping-4x6');
    const recipient = {
      ...(sample.data.recipient as object),
      name: 'Åsa Öberg-Ñúñez',
      street: 'Улица Пушкина 10',
      city: 'Zürich',
    };
    const data = { ...sample.data, recipient, reference: '€ 12,50 ß Αθήνα' };
    const doc = layoutLabel(parseTemplate(sample.template), data, {
      fonts,
      env: { now: () => new Date('2026-01-02T03:04:05Z') },
    });
    const html = await emitHtml(doc, fonts);
    expect(html).toContain('Улица Пушкина 10');
    const { raster: subset, requests } = await screenshot(html, doc);
    expect(requests).toEqual([]);
    // A character missing from a subset would be drawn by a fallback font of the system, or as a box.
    const { raster: whole } = await screenshot(withWholeFaces(html, fonts), doc);
    expect(Buffer.from(subset.rgba).equals(Buffer.from(whole.rgba))).toBe(true);
    // Hinting moves the small accented Greek letters' edges further from resvg's unhinted outlines (0.13% of the ink,
    // the whole faces alike): the tolerance of the mirrored label.
    expectInkMatches(subset, await pngOf(doc), 0.002);
  });

  it('mirrors a ^PMY label like the PNG emitter, a reversed text over a box still inverting it', async () => {
    const box: LaidOutLabel['elements'][number] = {
      id: 'box',
      type: 'rect',
      box: { x: 20, y: 20, width: 120, height: 60 },
      rotation: 0,
      shape: { x: 20, y: 20, width: 120, height: 60 },
      fill: '#000000',
      strokeWidth: 0,
      cornerRadius: 0,
    };
    const reversed = {
      ...layOutText('reversed', { x: 30, y: 30, width: 200, height: 40 }, 'MIRROR 7', { fontSize: '24pt' }),
      color: '#ffffff',
      reverse: true,
    };
    const doc = {
      ...labelOf(288, 144, [
        box,
        reversed,
        layOutText('plain', { x: 20, y: 100, width: 240, height: 30 }, 'RIGHT TO LEFT', { fontSize: '16pt' }),
      ]),
      mirror: true,
    };
    const { raster: html } = await screenshot(await emitHtml(doc, fonts), doc);
    const png = await pngOf(doc);
    // The box (x 20..140 pt) is drawn at the right (148..268 pt): at 300 dpi, pixel 100 is paper and 1100 - 100 ink.
    expect(isDark(html, 1200 - 1 - 100, 250)).toBe(true);
    expect(isDark(html, 100, 250)).toBe(false);
    expectInkMatches(html, png, 0.002);
  });

  it('prints one page per label at the label size, texts in order', async () => {
    const labels = ['FIRST', 'SECOND', 'THIRD'].map((value) =>
      labelOf(144, 72, [layOutText(value, { x: 10, y: 10, width: 124, height: 30 }, value)]),
    );
    const page = await browser.newPage();
    try {
      await page.setContent(await emitHtmlPages(labels, fonts), { waitUntil: 'load' });
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const dir = await mkdtemp(join(tmpdir(), 'labelsmith-html-'));
      try {
        await writeFile(join(dir, 'out.pdf'), pdf);
        const { stdout: info } = await run('pdfinfo', [join(dir, 'out.pdf')]);
        expect(info).toMatch(/^Pages:\s+3$/m);
        expect(info).toMatch(/^Page size:\s+144 x 72 pts/m);
        const { stdout: words } = await run('pdftotext', [join(dir, 'out.pdf'), '-']);
        expect(words.split('\f').map((pageText) => pageText.trim())).toEqual(['FIRST', 'SECOND', 'THIRD', '']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } finally {
      await page.close();
    }
  });
});
