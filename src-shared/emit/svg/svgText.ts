// A TextRun as SVG glyph-outline paths (no font lookup needed by the rasteriser).
import type { TextRun } from '../../layout/laidOutLabel';
import type { SvgEmitContext } from './svgContext';

export function textRunToSvg(run: TextRun, ctx: SvgEmitContext): string {
  void run;
  void ctx;
  throw new Error('not implemented');
}
