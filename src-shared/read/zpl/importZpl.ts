// ZPL to a template in one call (the CLI's import-zpl and the editor's import): read, pick a label, lift, validate.
import type { ZplLabelSize } from '../../api/zplViewer';
import { BadRequestError } from '../../errors';
import type { FontRegistry } from '../../fonts/fontRegistry';
import { parseTemplate, type Template } from '../../model/template';
import { RenderPixels } from '../../render/renderPixels';
import { fieldKey, liftTemplate } from './liftTemplate';
import { readZpl } from './readZpl';

export const DEFAULT_IMPORT_NAME = 'Imported ZPL label';

/** The label's size as the viewer takes it (the printer's media: ZPL's ^PW/^LL do not decide it), and which label. */
export interface ZplImportOptions extends ZplLabelSize {
  /** Which label of the input, from 0. */
  index: number;
  name?: string;
  fonts: FontRegistry;
}

/** A reader warning keeps where in the input it is; a lift warning has no position. */
export interface ZplImportWarning {
  code: string;
  message: string;
  position?: number;
}

export interface ZplImport {
  template: Template;
  warnings: ZplImportWarning[];
  /** How many labels the input holds. */
  labelCount: number;
}

/** ^DF name ... ^XZ: a stored format with no ^XF to print it. */
const STORED_FORMAT = /\^DF([^^~]*)\^[^]*?\^XZ/i;

/**
 * Input that only stores a format (^DF…^XZ, a BarTender or ZebraDesigner export) prints nothing: it is recalled once,
 * each ^FN field without default data given its data key as placeholder text, so every field is drawn and lifted.
 */
function recallOfStoredFormat(text: string): string | undefined {
  const match = STORED_FORMAT.exec(text);
  if (match === null) return undefined;
  const placeholders = match[0]
    .split(/\^FS/i)
    .filter((field) => !/\^F[DV]/i.test(field))
    .flatMap((field) => [...field.matchAll(/\^FN(\d+)/gi)].map((number) => Number(number[1])))
    .map((number) => `^FN${number}^FD${fieldKey(number)}^FS`);
  return `${text}\n^XA^XF${match[1]!.trim()}^FS${placeholders.join('')}^XZ`;
}

/**
 * The template of label `index` of the ZPL (one character per byte, as zplTextFromBytes gives it). Throws
 * BadRequestError when the input holds no such label, or PixelBudgetError when its graphics are over a render's
 * pixel budget (the reader's graphics and the images the lift draws, together).
 */
export function importZpl(text: string, options: ZplImportOptions): ZplImport {
  const { dpmm, widthDots, heightDots, fonts } = options;
  const pixels = new RenderPixels();
  const read = (input: string) => readZpl(input, { dpmm, widthDots, heightDots, budget: pixels.budget, fonts });
  let result = read(text);
  const warnings: ZplImportWarning[] = [];
  if (result.labels.length === 0) {
    const recalled = recallOfStoredFormat(text);
    if (recalled !== undefined) {
      result = read(recalled);
      warnings.push({
        code: 'ZPL_IMPORT_FORMAT',
        message: 'the input only stores a format (^DF): imported as recalled once, with its own default data',
      });
    }
  }
  const label = result.labels[options.index];
  if (label === undefined) {
    const count = result.labels.length;
    throw new BadRequestError(
      count === 0
        ? 'the ZPL holds no label (^XA … ^XZ) to import'
        : `label index ${options.index} is out of range: the ZPL holds ${count} label(s)`,
      {
        labels: count,
      },
    );
  }
  if (label.label.mirror) {
    warnings.push({
      code: 'ZPL_IMPORT_MIRROR',
      message: 'the label is printed mirrored (^PMY) and a template is not: it is imported unmirrored',
    });
  }
  const lifted = liftTemplate(label, { name: options.name ?? DEFAULT_IMPORT_NAME, fonts, dpmm, pixels });
  const readWarnings = result.warnings.map(({ code, message, position }) => ({ code, message, position }));
  const liftWarnings = lifted.warnings.map(({ code, message }) => ({ code, message }));
  return {
    template: parseTemplate(lifted.template),
    warnings: [...readWarnings, ...warnings, ...liftWarnings],
    labelCount: result.labels.length,
  };
}
