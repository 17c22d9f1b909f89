// The editor's ZPL page under /api/zpl: the preview request the server checks and the answer the page draws.
import { z } from 'zod';
import { ZPL_DPMM, type ZplWarning } from '../read/zpl/zplField';
import { ZPL_VIEWER_MAX_INCHES } from './zplViewer';

/** Labels drawn per preview: a pasted batch of hundreds shows its first ones and says how many there are. */
export const ZPL_PREVIEW_MAX_LABELS = 20;
/** The pasted ZPL, as characters: the server's 1 MB JSON body limit is the real bound. */
export const ZPL_PREVIEW_MAX_CHARS = 1_000_000;

const inches = (what: string) =>
  z
    .number({ error: `${what} must be a number of inches` })
    .positive({ message: `${what} must be above 0` })
    .max(ZPL_VIEWER_MAX_INCHES, { message: `${what} must be at most ${ZPL_VIEWER_MAX_INCHES} in` });

/** POST /api/zpl/preview: the ZPL drawn at a printer's density on a label of this size (inches). */
export const zplPreviewBodySchema = z.object({
  zpl: z
    .string({ error: 'zpl must be a string' })
    .max(ZPL_PREVIEW_MAX_CHARS, { message: `zpl must be at most ${ZPL_PREVIEW_MAX_CHARS} characters` }),
  dpmm: z.union(
    ZPL_DPMM.map((value) => z.literal(value)),
    { error: `dpmm must be one of ${ZPL_DPMM.join(', ')}` },
  ),
  width: inches('width'),
  height: inches('height'),
});
export type ZplPreviewRequest = z.infer<typeof zplPreviewBodySchema>;

export interface ZplPreviewLabel {
  /** The label drawn as PNG, base64: one dot a pixel. */
  png: string;
  widthDots: number;
  heightDots: number;
}

export interface ZplPreviewAnswer {
  /** The first ZPL_PREVIEW_MAX_LABELS labels, in input order. */
  labels: ZplPreviewLabel[];
  /** Labels (^XA…^XZ) in the input, drawn or not. */
  totalCount: number;
  /** Positions are offsets in the UTF-8 bytes of `zpl`, as a printer receives it. */
  warnings: ZplWarning[];
}
