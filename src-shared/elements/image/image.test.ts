// The image element end to end: what values it accepts, where it is placed, and the pixels PDF, SVG and ZPL print.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../../errors';
import type { Box, LaidOutOf } from '../../layout/laidOutLabel';
import {
  isDark,
  layoutTestContext,
  pdfPage,
  probeMismatches,
  renderPdf,
  renderSvg,
  renderZpl,
  svgTestContext,
  zplTestContext,
  type Probe,
} from '../../../test/support/engine/rasterTestSupport';
import { emitImagePdf } from './emitImagePdf';
import { emitImageSvg } from './emitImageSvg';
import { emitImageZpl } from './emitImageZpl';
import { IMAGE_SRC_MESSAGE, MAX_IMAGE_PIXELS } from './imageData';
import { ImageRefusedError } from './imageErrors';
import { catchError, craftJpeg, jpegDataUri } from '../../../test/support/engine/imageTestSupport';
import type { ImageElement } from './imageSchema';
import { imagePlacement, layoutImage } from './layoutImage';

type Rgb = [number, number, number];

/** A PNG (RGB, no alpha) whose left half is `left` and right half `right`. */
function twoColourPng(width: number, height: number, left: Rgb, right: Rgb): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) png.data.set([...(x < width / 2 ? left : right), 255], (y * width + x) * 4);
  }
  return PNG.sync.write(png, { colorType: 2 });
}

function greyJpeg(width: number, height: number, grey: number): Buffer {
  const data = Buffer.alloc(width * height * 4, grey);
  return jpeg.encode({ data, width, height }, 95).data;
}

const dataUri = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

const BLACK: Rgb = [0, 0, 0];
const YELLOW: Rgb = [255, 255, 0];
/** 40 x 20 pixels: black on the left, yellow on the right. */
const LOGO = dataUri('image/png', twoColourPng(40, 20, BLACK, YELLOW));
const BOX: Box = { x: 20, y: 20, width: 60, height: 60 };
const LABEL = { width: 100, height: 100 };

function imageElement(fields: Partial<ImageElement>): ImageElement {
  return {
    id: 'img',
    type: 'image',
    position: { mode: 'absolute', x: '0pt', y: '0pt' },
    width: '1pt',
    height: '1pt',
    rotation: 0,
    ...fields,
  };
}

function laidOutImage(fields: Partial<ImageElement>, content?: string, box = BOX): LaidOutOf<'image'> {
  const image = layoutImage(imageElement(fields), box, layoutTestContext(content));
  if (image === null) throw new Error('image laid out to nothing');
  return image;
}

describe('imagePlacement', () => {
  it('contains: the whole image, scaled to touch two sides, centred', () => {
    expect(imagePlacement(BOX, 40, 20, 'contain')).toEqual({ x: 20, y: 35, width: 60, height: 30 });
    expect(imagePlacement({ x: 0, y: 10, width: 100, height: 50 }, 20, 40, 'contain')).toEqual({
      x: 37.5,
      y: 10,
      width: 25,
      height: 50,
    });
  });

  it('covers: fills the box, overflowing it equally on both ends', () => {
    expect(imagePlacement(BOX, 40, 20, 'cover')).toEqual({ x: -10, y: 20, width: 120, height: 60 });
    expect(imagePlacement({ x: 0, y: 10, width: 100, height: 50 }, 20, 40, 'cover')).toEqual({
      x: 0,
      y: -65,
      width: 100,
      height: 200,
    });
  });

  it('fills: stretched to the box', () => {
    expect(imagePlacement(BOX, 40, 20, 'fill')).toEqual(BOX);
  });
});

describe('layoutImage', () => {
  it('reads the type and pixel size from the bytes and places the image (contain by default)', () => {
    const image = laidOutImage({ src: LOGO });
    expect(image).toMatchObject({
      type: 'image',
      mime: 'image/png',
      pixelWidth: 40,
      pixelHeight: 20,
      box: BOX,
      placement: { x: 20, y: 35, width: 60, height: 30 },
    });
    expect(`data:image/png;base64,${image.base64}`).toBe(LOGO);
    const photo = laidOutImage({ src: dataUri('image/jpeg', greyJpeg(30, 10, 128)), fit: 'cover' });
    expect(photo).toMatchObject({
      mime: 'image/jpeg',
      pixelWidth: 30,
      pixelHeight: 10,
      placement: { x: -40, y: 20, width: 180, height: 60 },
    });
  });

  it('takes the value of an expression first, and src when the expression yields nothing', () => {
    const other = dataUri('image/jpeg', greyJpeg(8, 8, 10));
    expect(laidOutImage({ src: LOGO, contentExpression: 'photo' }, other).mime).toBe('image/jpeg');
    expect(laidOutImage({ src: LOGO, contentExpression: 'photo' }, '').mime).toBe('image/png');
  });

  it('draws nothing, with a warning, when there is no value at all', () => {
    const ctx = layoutTestContext('');
    expect(layoutImage(imageElement({ contentExpression: 'photo' }), BOX, ctx)).toBeNull();
    expect(ctx.warnings).toEqual([expect.objectContaining({ code: 'IMAGE_MISSING', elementId: 'img' })]);
  });

  it('believes the bytes, not the declared type', () => {
    expect(laidOutImage({}, dataUri('image/png', greyJpeg(8, 8, 10))).mime).toBe('image/jpeg');
  });

  const hostile: [string, string][] = [
    ['a file URL', 'file:///etc/passwd'],
    ['an http URL', 'http://example.com/logo.png'],
    ['a path', '/etc/passwd'],
    [
      'an SVG data URI',
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>').toString('base64')}`,
    ],
    ['an HTML data URI', `data:text/html;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`],
    ['a data URI that is not base64', 'data:image/png,%89PNG'],
    ['an image URI with markup after it', `${LOGO}"/><script>alert(1)</script>`],
  ];
  for (const [what, value] of hostile) {
    it(`rejects ${what} from an expression, naming the element`, () => {
      const error = catchError(() => laidOutImage({ contentExpression: 'logo' }, value));
      expect(error).toBeInstanceOf(RenderError);
      expect(error).toMatchObject({ code: 'RENDER_ERROR', elementId: 'img', message: IMAGE_SRC_MESSAGE });
    });
  }

  it('rechecks a literal src (a template that skipped validation gets the same answer)', () => {
    expect(catchError(() => laidOutImage({ src: 'file:///etc/passwd' }))).toMatchObject({
      code: 'RENDER_ERROR',
      message: IMAGE_SRC_MESSAGE,
    });
  });

  const png = twoColourPng(40, 20, BLACK, YELLOW);
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const hugeHeader = Buffer.from(png);
  hugeHeader.writeUInt32BE(20_000, 16); // IHDR width
  hugeHeader.writeUInt32BE(20_000, 20); // IHDR height
  const broken: [string, string, RegExp][] = [
    ['broken base64', 'data:image/png;base64,iVBORw0KG', /not valid base64/],
    [
      'bytes that are no image',
      `data:image/png;base64,${Buffer.from('hello, world, this is text').toString('base64')}`,
      /not a readable PNG or JPEG/,
    ],
    ['a GIF', dataUri('image/png', gif), /not a readable PNG or JPEG/],
    ['a truncated PNG', dataUri('image/png', png.subarray(0, png.length - 20)), /broken or incomplete PNG/],
    ['a truncated JPEG', dataUri('image/jpeg', greyJpeg(64, 64, 90).subarray(0, 400)), /broken or incomplete JPEG/],
    ['more than 2 MB', `data:image/png;base64,${'A'.repeat(3_000_000)}`, /larger than 2 MB/],
  ];
  for (const [what, value, message] of broken) {
    it(`rejects ${what} with a RenderError`, () => {
      const error = catchError(() => laidOutImage({ contentExpression: 'logo' }, value));
      expect(error).toBeInstanceOf(RenderError);
      expect(error).toMatchObject({ elementId: 'img', message: expect.stringMatching(message) });
    });
  }
  const refused: [string, string, RegExp][] = [
    [
      'a PNG header claiming too many pixels',
      dataUri('image/png', hugeHeader),
      new RegExp(`20000x20000 pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`),
    ],
    [
      'a JPEG of 30000x30000 pixels in a few bytes',
      jpegDataUri(craftJpeg({ frames: [{ width: 30000, height: 30000 }], blocks: 1 })),
      /30000x30000 pixels/,
    ],
    [
      'a JPEG whose first frame header says 16x16 and a second 30000x30000',
      jpegDataUri(
        craftJpeg({
          frames: [
            { width: 16, height: 16 },
            { width: 30000, height: 30000 },
          ],
        }),
      ),
      /more than one frame header/,
    ],
    [
      'a progressive JPEG of 30000x30000 pixels in a few bytes',
      jpegDataUri(craftJpeg({ frames: [{ marker: 0xc2, width: 30000, height: 30000 }], blocks: 1 })),
      /30000x30000 pixels/,
    ],
  ];
  for (const [what, value, message] of refused) {
    it(`refuses ${what} with a 400 naming the element`, () => {
      const error = catchError(() => laidOutImage({ contentExpression: 'logo' }, value));
      expect(error).toBeInstanceOf(ImageRefusedError);
      expect(error).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        elementId: 'img',
        message: expect.stringMatching(message),
      });
    });
  }
  it('passes on a JPEG without the bytes after its end-of-image marker', () => {
    const image = craftJpeg({ frames: [{ width: 16, height: 16 }] });
    const laidOut = laidOutImage(
      { contentExpression: 'logo' },
      jpegDataUri(craftJpeg({ frames: [{ width: 16, height: 16 }], trailer: new Uint8Array(500).fill(7) })),
    );
    expect(Buffer.from(laidOut.base64, 'base64')).toEqual(Buffer.from(image));
  });
});

// The logo in the 60pt box: contain leaves bands above and below; cover crops the sides at the box edge.
const CONTAIN_PROBES: Probe[] = [
  [30, 50, '#000000'],
  [70, 50, '#ffff00'],
  [50, 27, 'paper'], // band above
  [50, 73, 'paper'], // band below
];
const COVER_PROBES: Probe[] = [
  [25, 50, '#000000'],
  [40, 22, '#000000'],
  [75, 78, '#ffff00'],
  [15, 50, 'paper'], // the image reaches x = -10, but the box clips it at 20
  [85, 50, 'paper'],
];

describe('emitImageSvg and emitImagePdf', () => {
  for (const [fit, probes] of [
    ['contain', CONTAIN_PROBES],
    ['cover', COVER_PROBES],
  ] as const) {
    it(`show the image at its ${fit} placement, clipped to the box (SVG through resvg)`, () => {
      const raster = renderSvg(
        emitImageSvg(laidOutImage({ src: LOGO, fit }), svgTestContext),
        LABEL.width,
        LABEL.height,
        150,
      );
      expect(probeMismatches(raster, 150, probes)).toEqual([]);
    });

    it(`show the image at its ${fit} placement, clipped to the box (PDF through pdftoppm)`, async () => {
      const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) =>
        emitImagePdf(laidOutImage({ src: LOGO, fit }), ctx),
      );
      expect(probeMismatches(await renderPdf(pdf, 150), 150, probes)).toEqual([]);
    });
  }

  it('stretch the image for fill', async () => {
    const probes: Probe[] = [
      [22, 22, '#000000'],
      [48, 78, '#000000'],
      [52, 22, '#ffff00'],
      [78, 78, '#ffff00'],
    ];
    const image = laidOutImage({ src: LOGO, fit: 'fill' });
    expect(
      probeMismatches(renderSvg(emitImageSvg(image, svgTestContext), LABEL.width, LABEL.height, 150), 150, probes),
    ).toEqual([]);
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => emitImagePdf(image, ctx));
    expect(probeMismatches(await renderPdf(pdf, 150), 150, probes)).toEqual([]);
  });

  it('escape the element id in SVG and keep clip ids distinct per element', () => {
    const nasty = { ...laidOutImage({ src: LOGO, fit: 'cover' }), id: `x"/><script>alert('1')</script>` };
    const svg = emitImageSvg(nasty, svgTestContext);
    expect(svg).not.toMatch(/<script|alert\('/);
    expect(svg).toMatch(/<clipPath id="ls-clip-x_22__2f__3e__3c_script[^"]*">/);
    expect(probeMismatches(renderSvg(svg, LABEL.width, LABEL.height, 150), 150, COVER_PROBES)).toEqual([]);
    const a = emitImageSvg({ ...nasty, id: 'a b' }, svgTestContext).match(/id="([^"]+)"/)?.[1];
    const b = emitImageSvg({ ...nasty, id: 'a_b' }, svgTestContext).match(/id="([^"]+)"/)?.[1];
    expect(a).not.toBe(b);
  });

  it('embed an image used by many labels of one PDF once', async () => {
    const image = laidOutImage({ src: LOGO });
    const pdf = await pdfPage(LABEL.width, LABEL.height, (ctx) => {
      emitImagePdf(image, ctx);
      ctx.doc.addPage({ size: [LABEL.width, LABEL.height], margin: 0 });
      emitImagePdf({ ...image, base64: `${LOGO.split(',')[1]}` }, ctx);
    });
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });
});

const DPI = 203;
const dots = (points: number) => Math.round((points * DPI) / 72);

describe('emitImageZpl', () => {
  const ctx = zplTestContext(DPI);

  it('sends the box as a ^GFA graphic at the box origin, one bit a dot, thresholding a PNG', async () => {
    const zpl = emitImageZpl(laidOutImage({ src: LOGO }), ctx);
    const width = dots(80) - dots(20);
    const bytesPerRow = Math.ceil(width / 8);
    const total = bytesPerRow * (dots(80) - dots(20));
    expect(zpl.startsWith(`^FO${dots(20)},${dots(20)}^GFA,${total},${total},${bytesPerRow},`)).toBe(true);
    const raster = await renderZpl(zpl, dots(LABEL.width), dots(LABEL.height), DPI);
    for (const [x, y, colour] of CONTAIN_PROBES)
      expect(isDark(raster, dots(x), dots(y)), `${x},${y}`).toBe(colour === '#000000');
    // a threshold keeps the black half solid
    for (let x = dots(22); x < dots(48); x++) expect(isDark(raster, x, dots(50))).toBe(true);
  });

  it('dithers a JPEG: a mid grey prints as about half the dots', async () => {
    const zpl = emitImageZpl(laidOutImage({ src: dataUri('image/jpeg', greyJpeg(32, 32, 128)), fit: 'fill' }), ctx);
    const raster = await renderZpl(zpl, dots(LABEL.width), dots(LABEL.height), DPI);
    let black = 0;
    let all = 0;
    for (let y = dots(25); y < dots(75); y++) {
      for (let x = dots(25); x < dots(75); x++) {
        all++;
        if (isDark(raster, x, y)) black++;
      }
    }
    expect(black / all).toBeGreaterThan(0.4);
    expect(black / all).toBeLessThan(0.6);
    expect(isDark(raster, dots(15), dots(50))).toBe(false);
  });

  it('leaves rotated images and images off the top-left edge to the raster fallback', () => {
    expect(emitImageZpl({ ...laidOutImage({ src: LOGO }), rotation: 90 }, ctx)).toBe('[graphic of img]');
    expect(emitImageZpl(laidOutImage({ src: LOGO }, undefined, { x: -5, y: 10, width: 20, height: 20 }), ctx)).toBe(
      '[graphic of img]',
    );
  });
});
