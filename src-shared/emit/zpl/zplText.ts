// A TextRun as ZPL fields: one ^FO/^A0/^FB field per laid-out line, data escaped with ^FH.
import type { TextRun } from '../../layout/laidOutLabel';
import type { ZplEmitContext } from './zplContext';

export function textRunToZpl(run: TextRun, ctx: ZplEmitContext, rotation: number): string {
  void run;
  void ctx;
  void rotation;
  throw new Error('not implemented');
}
