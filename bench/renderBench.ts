// Benchmark of the render engine: each format in process against Chromium rendering the same label.
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample } from '@main/samples/sampleTemplates';
import { renderLabel, type RenderOptions } from '@shared/render/renderLabel';
import { chromiumPath, launchChromium } from '../test/support/chromium/launchChromium';
import { ChromiumLabelPage } from './chromiumPeer';
import { formatMs, measure, printTable, type Timing } from './measure';

const ITERATIONS = 100;
const CHROMIUM_ITERATIONS = 30;

interface Row {
  name: string;
  ours: Timing;
  peer?: Timing;
  target: string;
  meets: (ours: Timing, peer?: Timing) => boolean;
}

export async function renderBench(): Promise<void> {
  const fonts = bundledFonts();
  const sample = loadSample('shipping-4x6');
  const render = (options: Omit<RenderOptions, 'fonts'>) => () =>
    renderLabel(sample.template, sample.data, { ...options, fonts });
  const htmlBytes = (await render({ format: 'html' })()).bytes;
  const html = new TextDecoder().decode(htmlBytes);
  let renders = 0;
  /** Each render's recipient name a different set of letters (the bits of a counter), so each needs subsets of its own. */
  const htmlWithNewCharacters = () => () => {
    renders++;
    const name = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((_letter, bit) => (renders >> bit) & 1).join('');
    const recipient = { ...(sample.data.recipient as object), name };
    return renderLabel(sample.template, { ...sample.data, recipient }, { format: 'html', fonts });
  };

  const rows: Row[] = [
    {
      name: 'pdf',
      ours: await measure(ITERATIONS, render({ format: 'pdf' })),
      target: '>= 10x Chromium page.pdf',
      meets: (o, p) => !!p && p.p50 / o.p50 >= 10,
    },
    {
      name: 'png 203 dpi',
      ours: await measure(ITERATIONS, render({ format: 'png', dpi: 203 })),
      target: '>= 4x Chromium screenshot',
      meets: (o, p) => !!p && p.p50 / o.p50 >= 4,
    },
    {
      name: 'png 300 dpi',
      ours: await measure(ITERATIONS, render({ format: 'png', dpi: 300 })),
      target: '(reference)',
      meets: () => true,
    },
    // Texts print as graphics of their glyphs by default: zplTextBench compares that with ^A0 and downloaded fonts.
    {
      name: 'zpl 203 dpi',
      ours: await measure(ITERATIONS * 5, render({ format: 'zpl', zplDpi: 203 })),
      target: '(reference: zplTextBench)',
      meets: () => true,
    },
    // The same record again finds its font subsets in the cache; a new one (a conveyor's next parcel) makes them.
    {
      name: 'html, same record',
      ours: await measure(ITERATIONS, render({ format: 'html' })),
      target: '(reference)',
      meets: () => true,
    },
    {
      name: 'html, new characters',
      ours: await measure(ITERATIONS, htmlWithNewCharacters()),
      target: '(reference)',
      meets: () => true,
    },
  ];

  if (chromiumPath()) {
    const browser = await launchChromium();
    try {
      const pdfPage = await ChromiumLabelPage.open(browser, html, 4, 6, 1);
      rows[0]!.peer = await measure(CHROMIUM_ITERATIONS, async () => {
        await pdfPage.showLabel(html);
        await pdfPage.pdf();
      });
      const pngPage = await ChromiumLabelPage.open(browser, html, 4, 6, 203 / 96);
      rows[1]!.peer = await measure(CHROMIUM_ITERATIONS, async () => {
        await pngPage.showLabel(html);
        await pngPage.png();
      });
    } finally {
      await browser.close();
    }
  } else {
    console.log('Chromium not found: peer columns are empty (apt-get install chromium)');
  }

  console.log(
    `\nRender engine: ${sample.name} (8 text fields, code128, QR), p50 of ${ITERATIONS} runs after warm-up, milliseconds\n`,
  );
  console.log(`html document: ${(htmlBytes.length / 1024).toFixed(1)} KB (fonts subset to the characters drawn)\n`);
  printTable(
    ['format', 'labelsmith p50', 'labelsmith mean', 'chromium p50', 'chromium / labelsmith', 'target', 'met'],
    rows.map((row) => [
      row.name,
      formatMs(row.ours.p50),
      formatMs(row.ours.mean),
      row.peer ? formatMs(row.peer.p50) : '-',
      row.peer ? `${(row.peer.p50 / row.ours.p50).toFixed(1)}x` : '-',
      row.target,
      row.meets(row.ours, row.peer) ? 'yes' : 'NO',
    ]),
  );
}
