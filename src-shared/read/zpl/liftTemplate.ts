// Lifts a label read from ZPL into template JSON: each field an editable element, ^FN fields bound to data.fieldN.
import type { Element } from '../../elements/elementSchema';
import type { ShapeStyle } from '../../elements/shapeStyleSchema';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutOf, RenderWarning } from '../../layout/laidOutLabel';
import type { TemplateInput } from '../../model/template';
import type { RenderPixels } from '../../render/renderPixels';
import { pointsTo } from '../../units/length';
import { liftBarcode } from './liftBarcode';
import { liftContext, type LiftContext } from './liftGeometry';
import { liftImage } from './liftImage';
import { liftText } from './liftText';
import type { ZplDpmm } from './zplField';
import type { ZplLabel } from './zplReader';

export interface LiftOptions {
  /** meta.name of the template. */
  name: string;
  fonts: FontRegistry;
  /** The resolution the label was read at: images of what templates cannot express are drawn at it. */
  dpmm: ZplDpmm;
  /** Charged with the rasters of those images. */
  pixels: RenderPixels;
}

export interface LiftResult {
  /** Valid template JSON (parseTemplate accepts it). */
  template: TemplateInput;
  /** What the template cannot say as ZPL said it; elementId is the reader's id of the field. */
  warnings: RenderWarning[];
}

/**
 * A solid box this thin (its shorter side at most an eighth of the longer, and at most 1.5 mm) is a rule drawn with
 * ^GB: it becomes a line element, which is what a designer would draw.
 */
const RULE_SHARE = 1 / 8;
const RULE_MAX_MM = 1.5;

/** The data field a ^FN number binds to: `data.field3`, sample records keyed `field3`. */
export function fieldKey(fieldNumber: number): string {
  return `field${fieldNumber}`;
}

function stroke(element: LaidOutOf<'rect'> | LaidOutOf<'ellipse'>, ctx: LiftContext): ShapeStyle {
  if (element.stroke === undefined) return { stroke: 'none', fill: element.fill ?? 'none' };
  return { stroke: element.stroke, strokeWidth: ctx.mm(element.strokeWidth), fill: element.fill ?? 'none' };
}

function reverse(element: LaidOutElement): { reverse?: true } {
  return element.reverse ? { reverse: true } : {};
}

/** ^GB: a box (the template's corner radius is the outer edge's, as the reader's rounding was), or a rule as a line. */
function liftRect(element: LaidOutOf<'rect'>, id: string, ctx: LiftContext): Element {
  const { box } = element;
  const [short, long] = [Math.min(box.width, box.height), Math.max(box.width, box.height)];
  if (
    element.stroke === undefined &&
    element.fill !== undefined &&
    element.cornerRadius === 0 &&
    short <= long * RULE_SHARE &&
    pointsTo(short, 'mm') <= RULE_MAX_MM
  ) {
    const across = box.width >= box.height;
    const start = across ? { x: box.x, y: box.y + box.height / 2 } : { x: box.x + box.width / 2, y: box.y };
    return {
      id,
      type: 'line',
      ...ctx.place({ ...start, width: across ? box.width : 0, height: across ? 0 : box.height }, element.rotation),
      style: { stroke: element.fill, strokeWidth: ctx.mm(short) },
      ...reverse(element),
    };
  }
  const outerRadius = element.cornerRadius > 0 ? element.cornerRadius + element.strokeWidth / 2 : 0;
  return {
    id,
    type: 'rect',
    ...ctx.place(box, element.rotation),
    style: { ...stroke(element, ctx), cornerRadius: ctx.mm(outerRadius) },
    ...reverse(element),
  };
}

function liftEllipse(element: LaidOutOf<'ellipse'>, id: string, ctx: LiftContext): Element {
  return {
    id,
    type: 'ellipse',
    ...ctx.place(element.box, element.rotation),
    style: stroke(element, ctx),
    ...reverse(element),
  };
}

/** ^GD: from one end to the other, the stroke as wide across the line as the reader drew it. */
function liftLine(element: LaidOutOf<'line'>, id: string, ctx: LiftContext): Element {
  const box = { x: element.x1, y: element.y1, width: element.x2 - element.x1, height: element.y2 - element.y1 };
  return {
    id,
    type: 'line',
    ...ctx.place(box, element.rotation),
    style: { stroke: element.stroke ?? 'none', strokeWidth: ctx.mm(element.strokeWidth) },
    ...reverse(element),
  };
}

/**
 * The template of one read label, the size it was read at (on the printer's own dots, see liftContext). Elements keep the drawing order and are
 * named by type and place ("text-3"); a ^FN field's element takes its content from `data.fieldN`, and its text as the
 * label had it becomes the first sample record, so the editor shows the label as it was.
 */
export function liftTemplate(read: ZplLabel, options: LiftOptions): LiftResult {
  const warnings: RenderWarning[] = [];
  const { label } = read;
  const ctx = liftContext(options.fonts, options.dpmm, options.pixels, label, (warning) => warnings.push(warning));
  const elements: Element[] = [];
  const sample: Record<string, string> = {};
  label.elements.forEach((element, index) => {
    const id = String(index + 1);
    const fieldNumber = read.fieldNumbers[element.id];
    const binding = fieldNumber === undefined ? undefined : `data.${fieldKey(fieldNumber)}`;
    const bind = (value: string | undefined) => {
      if (fieldNumber !== undefined && value !== undefined) sample[fieldKey(fieldNumber)] ??= value;
    };
    switch (element.type) {
      case 'text': {
        const lifted = liftText(element, read.texts[element.id], id, binding, ctx);
        elements.push(...lifted.elements);
        bind(lifted.sample);
        break;
      }
      case 'barcode': {
        const lifted = liftBarcode(element, id, binding, ctx);
        if (lifted) elements.push(lifted.element);
        bind(lifted?.sample);
        break;
      }
      case 'image': {
        const image = liftImage(element, id, ctx);
        if (image) elements.push(image);
        break;
      }
      case 'rect':
        elements.push(liftRect(element, id, ctx));
        break;
      case 'ellipse':
        elements.push(liftEllipse(element, id, ctx));
        break;
      case 'line':
        elements.push(liftLine(element, id, ctx));
        break;
    }
  });
  const template: TemplateInput = {
    formatVersion: 1,
    meta: { name: options.name, ...(Object.keys(sample).length > 0 ? { sampleData: [sample] } : {}) },
    dimensions: { width: ctx.mm(label.width), height: ctx.mm(label.height) },
    // Named for what they became (a ^GB rule is a line): "line-4", and "text-9-2" for the characters of a ^FP field.
    elements: elements.map((element) => ({ ...element, id: `${element.type}-${element.id}` })),
  };
  return { template, warnings };
}
