import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { rasterizeSvg } from './rasterize';

const square = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" viewBox="0 0 10 10">${body}</svg>`;

function blackPngDataUri(): string {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(0);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

describe('rasterizeSvg', () => {
  it('scales to the requested width and returns premultiplied RGBA', () => {
    const raster = rasterizeSvg(
      square('<rect x="0" y="0" width="5" height="10" fill="#ff0000" fill-opacity="0.5"/>'),
      20,
    );
    expect([raster.width, raster.height, raster.rgba.length]).toEqual([20, 20, 20 * 20 * 4]);
    // Left half: half-transparent red, premultiplied; right half untouched (transparent).
    expect([...raster.rgba.subarray(0, 4)]).toEqual([128, 0, 0, 128]);
    expect([...raster.rgba.subarray(15 * 4, 16 * 4)]).toEqual([0, 0, 0, 0]);
  });

  it('draws inline data URI images', () => {
    const raster = rasterizeSvg(square(`<image href="${blackPngDataUri()}" x="0" y="0" width="10" height="10"/>`), 10);
    const centre = (5 * 10 + 5) * 4;
    expect([...raster.rgba.subarray(centre, centre + 4)]).toEqual([0, 0, 0, 255]);
  });

  it.each(['/etc/passwd', 'file:///etc/hostname', 'https://example.com/a.png', 'logo.png'])(
    'refuses an image that points at %s',
    (href) => {
      expect(() => rasterizeSvg(square(`<image href="${href}" width="10" height="10"/>`), 10)).toThrow(
        /external resource/,
      );
      expect(() => rasterizeSvg(square(`<image xlink:href='${href}' width="10" height="10"/>`), 10)).toThrow(
        /external resource/,
      );
    },
  );

  it.each([0, -5, 2.5, Number.NaN])('rejects a width of %s pixels', (width) => {
    expect(() => rasterizeSvg(square(''), width)).toThrow(RangeError);
  });
});
