// A TextRun as absolutely positioned, escaped HTML spans using embedded @font-face fonts.
import type { TextRun } from '../../layout/laidOutLabel';
import type { HtmlEmitContext } from './htmlContext';

export function textRunToHtml(run: TextRun, ctx: HtmlEmitContext): string {
  void run;
  void ctx;
  throw new Error('not implemented');
}
