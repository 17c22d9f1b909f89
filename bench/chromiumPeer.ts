// The peer the benchmark compares against: Chromium printing the same label's HTML to PDF and taking a PNG screenshot.
import type { Browser, Page } from 'playwright-core';

const BODY_PATTERN = /<body[^>]*>([\s\S]*)<\/body>/;

/**
 * A reused page with the label's fonts already loaded: each render swaps only the body, which is Chromium's fastest
 * honest path for a stream of labels (loading the page and its base64 fonts each time is several times slower).
 */
export class ChromiumLabelPage {
  private constructor(
    private readonly page: Page,
    private readonly widthIn: number,
    private readonly heightIn: number,
  ) {}

  static async open(
    browser: Browser,
    html: string,
    widthIn: number,
    heightIn: number,
    deviceScaleFactor: number,
  ): Promise<ChromiumLabelPage> {
    const context = await browser.newContext({
      viewport: { width: Math.round(widthIn * 96), height: Math.round(heightIn * 96) },
      deviceScaleFactor,
    });
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return new ChromiumLabelPage(page, widthIn, heightIn);
  }

  async showLabel(html: string): Promise<void> {
    const body = BODY_PATTERN.exec(html)?.[1] ?? html;
    await this.page.evaluate((markup) => {
      document.body.innerHTML = markup;
    }, body);
  }

  async pdf(): Promise<Buffer> {
    return this.page.pdf({
      width: `${this.widthIn}in`,
      height: `${this.heightIn}in`,
      printBackground: true,
      pageRanges: '1',
    });
  }

  async png(): Promise<Buffer> {
    return this.page.screenshot({ type: 'png', fullPage: false });
  }
}
