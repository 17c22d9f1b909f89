// ZPL store/recall for a batch: what all its labels share downloaded once as a stored format (^DF), each label sent as a recall (^XF) with its own field values (^FN).

/** The stored format and one recall per label: send `format` once, then every recall, in order. */
export interface StoredFormatBatch {
  /** `^XA^DFR:NAME.ZPL^FS … ^XZ`: prints nothing, stores the labels' shared commands in the printer's RAM. */
  format: string;
  /** One `^XA^XFR:NAME.ZPL^FS … ^XZ` per label, in the batch's order. */
  recalls: string[];
}

/**
 * The stored format's name on the printer's RAM drive (R:, cleared at power-off). Jobs reach a printer one after the
 * other and each sends its format before its recalls, so one name is enough; a caller that interleaves batches on
 * one printer passes its own (1 to 8 letters or digits).
 */
export const DEFAULT_FORMAT_NAME = 'LSBATCH';
const FORMAT_NAME = /^[A-Z0-9]{1,8}$/;

/** Label-wide settings the writer puts ahead of the fields: they go into the format once. */
const LABEL_SETTINGS = new Set(['^CI', '^PW', '^LL', '^LH']);
/** ^FN numbers a format can hold (Zebra ZPL manual, ^FN). */
const MAX_FIELD_NUMBER = 9999;

interface Field {
  /** The field's commands as written. */
  whole: string;
  /** The commands without the field data (^FD) and its ^FH: labels whose fields differ only in data share it. */
  skeleton: string;
  /** The ^FH command, sent again with the data in a recall. */
  hexIndicator: string;
  data?: string;
  /**
   * Reverse print (^FR) and graphics (^GF, whose white dots may clear what is under them) depend on what was drawn
   * before: such a label's fields must keep their order.
   */
  orderSensitive: boolean;
}

interface ParsedLabel {
  settings: string[];
  fields: Field[];
}

const codeOf = (command: string): string => command.slice(0, 3).toUpperCase();

function toField(commands: string[]): Field {
  let skeleton = '';
  let hexIndicator = '';
  let data: string | undefined;
  let orderSensitive = false;
  for (const command of commands) {
    const code = codeOf(command);
    if (code === '^FD') data = command.slice(3);
    else if (code === '^FH') hexIndicator = command;
    else skeleton += command;
    if (code === '^FR' || code === '^GF') orderSensitive = true;
  }
  return { whole: commands.join(''), skeleton, hexIndicator, data, orderSensitive };
}

/**
 * One `^XA … ^XZ` label as the writer makes it: settings, then fields each closed by ^FS. Field data never holds ^ or ~
 * (zplEscape writes them as hex), so splitting at command prefixes cannot cut data apart. Undefined for anything else
 * (a ~ command, a field left open), which is then sent as it is.
 */
function parseLabel(label: string): ParsedLabel | undefined {
  // The writer's line breaks between commands are layout only; a line break in data is always hex-escaped.
  const commands = label
    .split(/(?=[\^~])/)
    .map((command) => command.replace(/[\r\n]+$/, ''))
    .filter((command) => command.trim() !== '');
  if (commands[0]?.toUpperCase() !== '^XA' || commands.at(-1)?.toUpperCase() !== '^XZ') return undefined;
  const settings: string[] = [];
  const fields: Field[] = [];
  let open: string[] = [];
  for (const command of commands.slice(1, -1)) {
    const code = codeOf(command);
    if (command.startsWith('~') || code === '^XA' || code === '^XZ' || code === '^DF' || code === '^XF')
      return undefined;
    if (open.length === 0 && LABEL_SETTINGS.has(code)) {
      settings.push(command);
      continue;
    }
    open.push(command);
    if (code === '^FS') {
      fields.push(toField(open));
      open = [];
    }
  }
  return open.length === 0 ? { settings, fields } : undefined;
}

/** The labels of a batch document (renderLabels' zpl output): each `^XA … ^XZ` on its own. */
export function splitZplLabels(document: string): string[] {
  return document.split(/(?<=\^XZ)\s*/i).filter((label) => label.trim() !== '');
}

const byteLength = (text: string): number => new TextEncoder().encode(text).length;

/** How each field position is sent: whole in the format, as a ^FN in the format with data in each recall, or whole in each recall. */
type FieldPlan = { kind: 'shared' } | { kind: 'numbered'; number: number } | { kind: 'perLabel' };

function planFields(labels: readonly ParsedLabel[]): FieldPlan[] | undefined {
  const [first] = labels;
  if (!first) return undefined;
  let numbered = 0;
  const plans = first.fields.map((field, index): FieldPlan => {
    const same = (pick: (other: Field) => unknown) =>
      labels.every((label) => pick(label.fields[index] as Field) === pick(field));
    if (!same((other) => other.skeleton) || !same((other) => other.hexIndicator)) return { kind: 'perLabel' };
    if (same((other) => other.data)) return { kind: 'shared' };
    numbered += 1;
    return { kind: 'numbered', number: numbered };
  });
  if (numbered > MAX_FIELD_NUMBER) return undefined;
  // A field sent with the recall is drawn after the format's fields: only safe when drawing order cannot matter.
  const reordered = plans.some((plan) => plan.kind === 'perLabel');
  if (reordered && labels.some((label) => label.fields.some((field) => field.orderSensitive))) return undefined;
  return plans;
}

/**
 * A batch of labels as one stored format and a short recall per label, or undefined when that would not be smaller
 * (fewer than two labels, or little in common) or could print differently (labels of different shapes, reverse
 * printing or graphics in fields that would change order). Fields identical in every label go into the format whole;
 * fields whose commands match and only their data differs become ^FN fields, each label's data sent in its recall with
 * its ^FH escaping as written; fields whose commands differ (a text line's width, a barcode's module size) are sent
 * whole in each recall, after the format's fields. Input: one emitted label per entry (see splitZplLabels).
 */
export function storedFormatBatch(
  labels: readonly string[],
  name: string = DEFAULT_FORMAT_NAME,
): StoredFormatBatch | undefined {
  if (!FORMAT_NAME.test(name))
    throw new Error(`a stored format name is 1 to 8 capital letters or digits, got ${JSON.stringify(name)}`);
  if (labels.length < 2) return undefined;
  const parsed: ParsedLabel[] = [];
  for (const label of labels) {
    const one = parseLabel(label);
    if (one === undefined) return undefined;
    parsed.push(one);
  }
  const [first] = parsed;
  if (!first) return undefined;
  const sameShape = parsed.every(
    (label) => label.fields.length === first.fields.length && label.settings.join('') === first.settings.join(''),
  );
  const plans = sameShape ? planFields(parsed) : undefined;
  if (!plans) return undefined;

  const path = `R:${name}.ZPL`;
  const formatFields = first.fields.flatMap((field, index) => {
    const plan = plans[index];
    if (plan?.kind === 'shared') return [field.whole];
    // ^FN takes the place of ^FH^FD; the skeleton ends with the field's ^FS.
    if (plan?.kind === 'numbered') return [field.skeleton.replace(/\^FS$/i, `^FN${plan.number}^FS`)];
    return [];
  });
  const format = `^XA\n^DF${path}^FS\n${[...first.settings, ...formatFields].join('\n')}\n^XZ\n`;
  // The code page goes with every recall too: its field data must be read as the format's fields are.
  const codePage = first.settings.filter((command) => codeOf(command) === '^CI').join('');
  const recalls = parsed.map((label) => {
    const parts = label.fields.map((field, index) => {
      const plan = plans[index];
      if (plan?.kind === 'numbered') return `^FN${plan.number}${field.hexIndicator}^FD${field.data ?? ''}^FS`;
      return plan?.kind === 'perLabel' ? field.whole : '';
    });
    return `^XA^XF${path}^FS${codePage}${parts.join('')}^XZ\n`;
  });
  const storedBytes = byteLength(format) + recalls.reduce((sum, recall) => sum + byteLength(recall), 0);
  const fullBytes = labels.reduce((sum, label) => sum + byteLength(label), 0);
  return storedBytes < fullBytes ? { format, recalls } : undefined;
}
