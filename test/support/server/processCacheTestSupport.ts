// The outputs the tests of a render worker's caches (decoded images, validated templates) render cold and warm.
import type { RenderOptions } from '@shared/render/renderLabel';

/** Every format, ZPL at two densities: each output makes its own use of what a cache keeps. */
export const CACHE_TEST_OUTPUTS: [string, Omit<RenderOptions, 'fonts'>][] = [
  ['zpl 203 dpi', { format: 'zpl' }],
  ['zpl 300 dpi', { format: 'zpl', zplDpi: 300 }],
  ['pdf', { format: 'pdf' }],
  ['png 203 dpi', { format: 'png', dpi: 203 }],
  ['html', { format: 'html' }],
];
