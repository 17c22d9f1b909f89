// The reader's state while it walks a ZPL stream: printer settings that outlive a label, the open label and the open field.
import type { Font } from 'fontkit';
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry } from '../../fonts/fontRegistry';
import type { LaidOutElement, LaidOutLabel } from '../../layout/laidOutLabel';
import type { PixelBudget } from '../../render/pixelBudget';
import { decodeField } from './zplCharsets';
import { applyHexEscapes } from './zplHexEscapes';
import { ZplObjectStore } from './zplObjectStore';
import { commandLabel, splitParams, type ZplCommand, type ZplTokenizer } from './zplTokenizer';
import type {
  ZplBarcodeDefaults,
  ZplBarcodeField,
  ZplDpmm,
  ZplFieldContext,
  ZplFieldOrigin,
  ZplOrientation,
  ZplWarning,
} from './zplField';

/**
 * Handles one command. Handler maps (Record from "^FO" / "~DG" to a handler) live in files named for what they
 * read (labelCommands.ts, fieldCommands.ts, graphicCommands.ts, barcodeCommands.ts…); readZpl merges them into one
 * table, so a module adds commands by exporting its map and adding it to the list in readZpl.ts.
 */
export type ZplCommandHandler = (reader: ZplReader, command: ZplCommand) => void;
export type ZplCommandTable = Record<string, ZplCommandHandler>;

export interface ZplReadOptions {
  dpmm: ZplDpmm;
  /** The label's size in dots: it comes from the caller (the printer's media), not from ^PW/^LL. */
  widthDots: number;
  heightDots: number;
  budget: PixelBudget;
  fonts: FontRegistry;
  /**
   * Whose reads may share decoded graphics (graphicCache.ts): the team a server reads for. A team finds only what its
   * own reads decoded, so it cannot time whether another team sent a graphic lately. Undefined: one scope ('') for
   * a process that reads for one user (the CLI, the editor's import).
   */
  cacheScope?: string;
}

/** A font request: ^A, ^A@, or the ^CF default. Height and width in dots; 0 means "not given". */
export interface ZplFontRequest {
  name: string;
  height: number;
  width: number;
  /** ^A@ naming a font downloaded with ~DY: the file as parsed, and the bundled face it is a copy (or subset) of. */
  downloaded?: ZplDownloadedFont;
}

/** A downloaded TrueType font that is one of the bundled faces (the same PostScript name): drawn with that face. */
export interface ZplDownloadedFont {
  fontKey: FontFaceKey;
  /** The downloaded file: its widths and the characters it has are the printer's. */
  font: Font;
}

/** ^FB: a text block. */
export interface ZplTextBlock {
  width: number;
  maxLines: number;
  /** Dots added between lines (may be negative). */
  lineSpacing: number;
  justify: 'L' | 'C' | 'R' | 'J';
  hangingIndent: number;
}

/** What a field's commands gathered before ^FS closes it. */
export interface ZplOpenField {
  origin?: ZplFieldOrigin;
  font?: ZplFontRequest;
  /** Orientation given by ^A (or a barcode/graphic command); ^FW's otherwise. */
  orientation?: ZplOrientation;
  /** ^FD/^FV data as written (escapes not yet applied). */
  data?: string;
  /** ^FH: the escape character's code, or undefined when the field has no ^FH. */
  hexIndicator?: number;
  reverse: boolean;
  block?: ZplTextBlock;
  fieldNumber?: number;
  /** ^FP: H horizontal (default), V vertical, R reverse; gap in dots between characters. */
  direction?: { kind: 'H' | 'V' | 'R'; gap: number };
  /** Set by a command that makes this field something other than text (a box, a barcode, a graphic): run at ^FS. */
  onClose?: (reader: ZplReader) => void;
  /** The command that set onClose, for warnings. */
  kindCommand?: ZplCommand;
}

/** Settings that stay in force from label to label within one input, as they do in a printer until changed. */
export interface ZplPrinterState {
  home: { x: number; y: number };
  /** ^LS shift left (dots), ^LT top offset (dots). */
  shift: number;
  top: number;
  /** ^LR: every field drawn reversed. */
  reverseAll: boolean;
  /** ^FW: the default orientation and justification of fields. */
  fieldOrientation: ZplOrientation;
  fieldJustification: 0 | 1 | 2;
  /** ^CF: the default font. */
  defaultFont: ZplFontRequest;
  /** ^CI: the character set number. */
  charset: number;
  by: ZplBarcodeDefaults;
  /** ^PO I: the whole label is turned 180 degrees. */
  invert: boolean;
  /** ^PM Y: the whole label is mirrored. */
  mirror: boolean;
  /** ^PW and ^LL as last read (informational: the label size comes from the options). */
  printWidth?: number;
  labelLength?: number;
}

export function initialPrinterState(): ZplPrinterState {
  return {
    home: { x: 0, y: 0 },
    shift: 0,
    top: 0,
    reverseAll: false,
    fieldOrientation: 'N',
    fieldJustification: 0,
    // The printer's power-on default: bitmap font A in its own cell size.
    defaultFont: { name: 'A', height: 9, width: 5 },
    charset: 0,
    by: { moduleWidth: 2, ratio: 3, height: 10 },
    invert: false,
    mirror: false,
  };
}

/** A text field as written, for import: its data (^FH and ^CI applied, ^FB's escapes not) and the ^FB block that wrapped it. */
export interface ZplTextSource {
  text: string;
  block?: ZplTextBlock;
}

/** The open label: its elements in drawing order and its fields' ^FN numbers. */
export interface ZplOpenLabel {
  elements: LaidOutElement[];
  fieldNumbers: Record<string, number>;
  texts: Record<string, ZplTextSource>;
  quantity: number;
  /** ^XF recalls: the stored format's name and where in `elements` its fields go; run at ^XZ, when the ^FN data is known. */
  recalls: { name: string; insertAt: number; command: ZplCommand }[];
  /** ^FN data given by this label for its recalled formats. */
  fieldValues: Map<number, { data: string; hexIndicator?: number }>;
  /** Fields closed so far (every ^FS, drawn or not): the field limit counts these. */
  fieldCount: number;
  /** The end of the last text field's baseline in dots: a ^FT without coordinates starts there (the guide's default). */
  textEnd?: { x: number; y: number };
  /** True once the field limit was reported, so it is reported once. */
  overflowed: boolean;
}

/** One label read: ^XA…^XZ. */
export interface ZplLabel {
  /** In points, as every emitter expects. */
  label: LaidOutLabel;
  /** ^PQ: how many the printer would print. */
  quantity: number;
  /** Element id → its field's ^FN number, for import (fields become data bindings). */
  fieldNumbers: Record<string, number>;
  /** Text element id → the field it was drawn from, for import (a ^FB block wraps again as a text box). */
  texts: Record<string, ZplTextSource>;
}

export interface ZplReadResult {
  labels: ZplLabel[];
  warnings: ZplWarning[];
}

/** Fields per label beyond which the rest are skipped with one warning: real labels have tens, not thousands. */
export const MAX_FIELDS_PER_LABEL = 10_000;

export class ZplReader implements ZplFieldContext {
  readonly warnings: ZplWarning[] = [];
  readonly labels: ZplLabel[] = [];
  printer: ZplPrinterState = initialPrinterState();
  label: ZplOpenLabel | undefined;
  field: ZplOpenField = { reverse: false };
  /** The command being handled, for warnings raised from deep inside a field reader. */
  current: ZplCommand | undefined;
  /** ^DF formats by name (device prefix dropped), as raw ZPL to run again at each ^XF. */
  readonly formats = new Map<string, string>();
  /** While a ^DF is being stored: its name and where its text starts; commands are not run until ^XZ. */
  storing: { name: string; start: number } | undefined;
  /** The ^FN data of the label whose ^XF is being run: fields with those numbers take it. */
  recallValues: ZplOpenLabel['fieldValues'] | undefined;
  /** Graphics and fonts downloaded (~DG, ~DY) for recall (^XG, ^IM, ^IL, ^A@), kept across the labels of one read. */
  readonly objects = new ZplObjectStore();
  private nextId = 0;

  constructor(
    readonly options: ZplReadOptions,
    /** The stream being read: the input, or a stored format while it is recalled. */
    public tokenizer: ZplTokenizer,
    private readonly commands: ZplCommandTable,
  ) {}

  /** Runs every command of `tokenizer` through the command table; unknown ones are skipped with a warning. */
  run(tokenizer: ZplTokenizer): void {
    const outer = this.tokenizer;
    this.tokenizer = tokenizer;
    for (let command = tokenizer.next(); command !== undefined; command = tokenizer.next()) {
      this.current = command;
      const name = commandLabel(command);
      if (this.storing !== undefined && name !== '^XZ') continue;
      const handler = this.commands[name];
      if (handler === undefined)
        this.warnAt('ZPL_UNKNOWN_COMMAND', `${name} is not a command the reader knows: skipped`);
      else handler(this, command);
    }
    this.tokenizer = outer;
  }

  get dpmm(): ZplDpmm {
    return this.options.dpmm;
  }

  /** The graphic cache's key of a declaration's parts, within this read's cache scope. */
  cacheKey(parts: readonly unknown[]): string {
    return [this.options.cacheScope ?? '', ...parts].join('\0');
  }

  get budget(): PixelBudget {
    return this.options.budget;
  }

  get fonts(): FontRegistry {
    return this.options.fonts;
  }

  warn(warning: ZplWarning): void {
    this.warnings.push(warning);
  }

  /** A warning about `command` (the current one by default). */
  warnAt(code: string, message: string, command: ZplCommand | undefined = this.current): void {
    this.warn({ code, message, command: command ? commandLabel(command) : '', position: command?.position ?? 0 });
  }

  /** The command's parameters split at the delimiter in force; at most `limit` parts, the last keeping the rest. */
  params(command: ZplCommand, limit?: number): string[] {
    return splitParams(command.params, this.tokenizer.delimiter, limit);
  }

  /** A fresh element id, unique within the reading. */
  newId(): string {
    this.nextId++;
    return `field-${this.nextId}`;
  }

  /** The open label, opened implicitly (with a warning) when a field comes before any ^XA. */
  openLabel(): ZplOpenLabel {
    this.label ??= {
      elements: [],
      fieldNumbers: {},
      texts: {},
      quantity: 1,
      recalls: [],
      fieldValues: new Map(),
      fieldCount: 0,
      overflowed: false,
    };
    return this.label;
  }

  /** Adds drawn elements to the open label, with ^FN numbers recorded for import. */
  add(...elements: LaidOutElement[]): void {
    const label = this.openLabel();
    const number = this.field.fieldNumber;
    for (const element of elements) {
      label.elements.push(element);
      if (number !== undefined) label.fieldNumbers[element.id] = number;
    }
  }

  /** The field's origin in dots with ^LH, ^LS and ^LT applied; a field with no ^FO/^FT starts at the label home. */
  origin(): ZplFieldOrigin {
    return this.field.origin ?? this.placeOrigin(0, 0, 'FO', this.printer.fieldJustification);
  }

  placeOrigin(x: number, y: number, kind: 'FO' | 'FT', justification: 0 | 1 | 2): ZplFieldOrigin {
    const { home, shift, top } = this.printer;
    return { x: x + home.x - shift, y: y + home.y + top, kind, justification };
  }

  /** The field reversed by ^FR or ^LR. */
  reversed(): boolean {
    return this.field.reverse || this.printer.reverseAll;
  }

  /** The field's data with its ^FH escapes and the ^CI character set applied; undefined when it has no ^FD/^FV. */
  fieldText(): string | undefined {
    const { data, hexIndicator } = this.field;
    if (data === undefined) return undefined;
    const decoded = decodeField(
      hexIndicator === undefined ? data : applyHexEscapes(data, hexIndicator),
      this.printer.charset,
    );
    if (decoded.invalid)
      this.warnAt(
        'ZPL_INVALID_TEXT',
        `field data is not valid under ^CI${this.printer.charset}: drawn with U+FFFD in place of the bad bytes`,
      );
    return decoded.text;
  }

  /** The field as a barcode reader expects it, for a barcode command's onClose. */
  barcodeField(command: string, params: string[]): ZplBarcodeField {
    return {
      id: this.newId(),
      command,
      params,
      data: this.fieldText() ?? '',
      origin: this.origin(),
      defaultOrientation: this.printer.fieldOrientation,
      by: { ...this.printer.by },
      reverse: this.reversed(),
    };
  }

  resetField(): void {
    this.field = { reverse: false };
  }
}

/**
 * A numeric parameter: `fallback` when left out or not a number, otherwise clamped to min..max (printers clamp
 * out-of-range values rather than refuse them). Integers unless `fractional`.
 */
export function readNumber(
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
  fractional = false,
): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseFloat(value);
  if (!Number.isFinite(parsed)) return fallback;
  const number = fractional ? parsed : Math.round(parsed);
  return Math.min(max, Math.max(min, number));
}

/** An orientation parameter (N, R, I, B), or `fallback` for anything else. */
export function readOrientation(value: string | undefined, fallback: ZplOrientation): ZplOrientation {
  const upper = value?.charAt(0).toUpperCase();
  return upper === 'N' || upper === 'R' || upper === 'I' || upper === 'B' ? upper : fallback;
}
