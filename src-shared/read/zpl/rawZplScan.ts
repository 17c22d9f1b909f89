// What raw ZPL holds before it is printed as it is: its formats (^XA…^XZ) with their ^PQ quantities, and what an allow-list of label-drawing commands refuses.
import { commandLabel, splitParams, ZplTokenizer } from './zplTokenizer';

/**
 * The commands raw ZPL may hold when sent to a printer as it is, unless the printer allows configuration commands: the
 * ZPL II guide's commands that draw or lay out a label, each lasting at most until a later label changes it. Anything
 * else (saving, erasing or resetting settings, the network, calibration, host queries, cancelling others' work, fonts
 * or settings kept across power cycles) is refused: a print request must not reconfigure a shared printer.
 */
const RAW_ZPL_LABEL_COMMANDS: ReadonlySet<string> = new Set([
  // The format and its fields.
  '^XA',
  '^XZ',
  '^FX',
  '^FO',
  '^FT',
  '^FS',
  '^FD',
  '^FV',
  '^FH',
  '^FN',
  '^FR',
  '^FB',
  '^FP',
  '^FW',
  '^FC',
  '^FM',
  // Fonts (the printer's own and downloaded ones by name), the character set.
  '^A',
  '^A@',
  '^CF',
  '^CI',
  // Graphics and images drawn (recalled from memory: ^XG, ^IM, ^IL).
  '^GB',
  '^GC',
  '^GD',
  '^GE',
  '^GF',
  '^GS',
  '^XG',
  '^IM',
  '^IL',
  // Barcodes and their defaults.
  '^B0',
  '^B1',
  '^B2',
  '^B3',
  '^B4',
  '^B5',
  '^B7',
  '^B8',
  '^B9',
  '^BA',
  '^BB',
  '^BC',
  '^BD',
  '^BE',
  '^BF',
  '^BI',
  '^BJ',
  '^BK',
  '^BL',
  '^BM',
  '^BO',
  '^BP',
  '^BQ',
  '^BR',
  '^BS',
  '^BT',
  '^BU',
  '^BX',
  '^BZ',
  '^BY',
  // The label's layout, quantity and serial numbers, and how this label is printed (darkness, speed, media handling).
  '^LH',
  '^LL',
  '^LR',
  '^LS',
  '^LT',
  '^PW',
  '^PO',
  '^PM',
  '^PQ',
  '^PR',
  '^PF',
  '^SN',
  '^SF',
  '~SD',
  '^MD',
  '^MM',
  '^MN',
  '^MT',
  '^MC',
  '^XB',
  // Formats, graphics and fonts kept in the printer's RAM (R:, lost at power-off) for this job's labels, and recalled.
  '^DF',
  '^XF',
  '~DG',
  '~DY',
  '~DB',
]);

/** Commands that store an object: allowed only to R: (RAM), never to E:, B: or A: (kept across power cycles, ^DFE:AUTOEXEC.ZPL). */
const STORING = new Set(['^DF', '~DG', '~DY', '~DB']);

/** ^CC/~CC, ^CT/~CT, ^CD/~CD: they change how the printer reads everything after, the next job's ZPL included. */
const PREFIX_CHANGES = new Set(['^CC', '~CC', '^CT', '~CT', '^CD', '~CD']);

/** Why a command of raw ZPL is refused, or undefined when it may be printed. */
function refusal(label: string, params: string): string | undefined {
  if (PREFIX_CHANGES.has(label))
    return 'changes the command prefix or delimiter, which the printer keeps for the next job';
  if (!RAW_ZPL_LABEL_COMMANDS.has(label)) return 'is not a label-drawing command';
  if (STORING.has(label)) {
    const device = /^\s*([A-Za-z]):/.exec(params)?.[1]?.toUpperCase() ?? 'R';
    if (device !== 'R') return `stores to ${device}: (kept across power cycles); only R: (RAM) is allowed`;
  }
  return undefined;
}

export interface RawZplFormat {
  /** [start, end) in the text (one character per byte: byte offsets too). Text before the first format goes with it,
   * text after a format's ^XZ up to the next format goes with the earlier one, the rest after the last with the last. */
  start: number;
  end: number;
  /**
   * Labels the printer prints for it: ^PQ's total quantity, 1 when absent or not a positive whole number; 0 for a
   * format without a field (^FS) or recall (^XF), which only sets printer state (^XA^MCY^XZ) and prints nothing.
   */
  quantity: number;
}

export interface RawZplScan {
  formats: RawZplFormat[];
  /**
   * What the allow-list refuses, in order: a command by its name ("^JU") and where, or "text" for characters outside
   * ^XA…^XZ that are no command (SGD such as `! U1 setvar`, JSON, stray text), with the reason.
   */
  refused: { command: string; position: number; reason: string }[];
}

/** Text outside a format that is no command: whitespace only, or refused. */
const NOT_ZPL = 'is not ZPL: SGD (! U1 …), JSON or other text outside ^XA…^XZ';

/**
 * One pass of the reader's tokenizer over raw ZPL: its formats with their quantities, and what the allow-list refuses.
 * Prefix changes are refused, so what is scanned after one (read with the default prefixes) never reaches a printer.
 */
export function scanRawZpl(text: string): RawZplScan {
  const tokenizer = new ZplTokenizer(text);
  const formats: RawZplFormat[] = [];
  const refused: RawZplScan['refused'] = [];
  let start = 0;
  let inFormat = false;
  let quantity = 1;
  let printsSomething = false;
  let scanned = 0;
  for (let command = tokenizer.next(); command !== undefined; command = tokenizer.next()) {
    const label = commandLabel(command);
    // The tokenizer skips what starts no command: outside a format, that is not ZPL.
    if (!inFormat && text.slice(scanned, command.position).trim() !== '')
      refused.push({ command: 'text', position: scanned, reason: NOT_ZPL });
    scanned = tokenizer.position;
    const reason = refusal(label, command.params);
    if (reason !== undefined) refused.push({ command: label, position: command.position, reason });
    // A command's parameters run to the next prefix: after ^XZ they are whatever stands between two formats.
    if (label === '^XZ' && command.params.trim() !== '')
      refused.push({ command: 'text', position: command.position + 3, reason: NOT_ZPL });
    if (label === '^XA') {
      // A second ^XA inside an open format continues it, as the printer reads it.
      if (!inFormat) {
        quantity = 1;
        printsSomething = false;
      }
      inFormat = true;
    } else if (label === '^PQ' && inFormat) {
      const total = Number(splitParams(command.params, tokenizer.delimiter)[0]);
      quantity = Number.isSafeInteger(total) && total > 0 ? total : 1;
    } else if ((label === '^FS' || label === '^XF') && inFormat) {
      printsSomething = true;
    } else if (label === '^XZ' && inFormat) {
      formats.push({ start, end: tokenizer.position, quantity: printsSomething ? quantity : 0 });
      start = tokenizer.position;
      inFormat = false;
    }
  }
  if (!inFormat && text.slice(scanned).trim() !== '')
    refused.push({ command: 'text', position: scanned, reason: NOT_ZPL });
  const last = formats.at(-1);
  if (last) last.end = text.length;
  return { formats, refused };
}

/**
 * Why raw ZPL may not be sent to `printer` as it is (its first refused command or text), or undefined: only the
 * label-drawing commands of the allow-list, unless the printer allows configuration commands (then anything goes).
 */
export function rawZplRefusal(
  scan: RawZplScan,
  printer: { id: string; allowConfigCommands: boolean },
): { command: string; position: number; message: string } | undefined {
  const [first] = scan.refused;
  if (first === undefined || printer.allowConfigCommands) return undefined;
  return {
    ...first,
    message: `${first.command} at byte ${first.position} ${first.reason}: raw ZPL may hold only label-drawing commands unless the printer allows configuration commands (labelsmith printer set ${printer.id} --allow-config-commands)`,
  };
}
