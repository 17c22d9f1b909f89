// The IPC contract between the Electron main process and the preload bridge: channel names, argument schemas, types.
import { z } from 'zod';
import { BadRequestError } from '../errors';
import { OUTPUT_FORMATS, type OutputFormat } from '../render/outputFormats';

/** Prefixed so they cannot collide with channels Electron or a library might register. */
export const IPC_CHANNELS = {
  openTemplateFile: 'labelsmith:open-template-file',
  saveTemplateFile: 'labelsmith:save-template-file',
  saveOutputFile: 'labelsmith:save-output-file',
  appInfo: 'labelsmith:app-info',
  /** The other way, main to page: a File menu item was chosen. */
  menuCommand: 'labelsmith:menu-command',
} as const;

/** What the File menu asks of the page; the page decides what each means where it is (gallery or editor). */
export const MENU_COMMANDS = ['newLabel', 'openTemplateFile', 'save', 'exportTemplateFile', 'exportOutput'] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

/** A template file is imported through the API, whose bodies stop at 1 MB: anything larger cannot be a template. */
export const MAX_TEMPLATE_FILE_BYTES = 1024 * 1024;
/** The largest output the preview saves: a 600 dpi PNG of the biggest label the engine allows stays well under this. */
export const MAX_OUTPUT_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Strict: whatever crosses the bridge is untrusted, so unknown keys are an error rather than silently dropped. Every
 * call is marked pure so the preload, which takes only names and types from here, bundles no zod.
 */
const fileNameSchema = /* @__PURE__ */ z
  .string()
  .min(1)
  .max(200)
  .refine((name) => !/[/\\\0]/.test(name) && name !== '.' && name !== '..', {
    message: 'must be a file name without folders',
  });

export const saveTemplateFileArgsSchema = /* @__PURE__ */ z.strictObject({
  suggestedName: fileNameSchema,
  text: /* @__PURE__ */ z
    .string()
    .max(MAX_TEMPLATE_FILE_BYTES, { message: `must be at most ${MAX_TEMPLATE_FILE_BYTES} characters` }),
});
export type SaveTemplateFileArgs = z.infer<typeof saveTemplateFileArgsSchema>;

export const saveOutputFileArgsSchema = /* @__PURE__ */ z.strictObject({
  suggestedName: fileNameSchema,
  format: /* @__PURE__ */ z.enum(OUTPUT_FORMATS),
  bytes: /* @__PURE__ */ z
    .instanceof(Uint8Array, { message: 'must be bytes (a Uint8Array)' })
    .refine((bytes) => bytes.byteLength <= MAX_OUTPUT_FILE_BYTES, {
      message: `must be at most ${MAX_OUTPUT_FILE_BYTES} bytes`,
    }),
});
export type SaveOutputFileArgs = z.infer<typeof saveOutputFileArgsSchema>;

/** Channels that take no arguments take exactly none: an object sent there is a caller that is not the preload. */
export const noArgsSchema = /* @__PURE__ */ z.undefined({ error: 'takes no arguments' });

export interface OpenedTemplateFile {
  /** The file's name without its folder, for messages. */
  fileName: string;
  text: string;
}

export interface SavedFile {
  /** Where the user chose to save it. */
  path: string;
}

export interface AppInfo {
  version: string;
  /** The data directory the embedded server uses (database, outputs, admin token, window state). */
  dataDir: string;
  /** The embedded server's base URL, e.g. http://127.0.0.1:8425. */
  serverUrl: string;
}

/** What the preload exposes as `window.labelsmith`: only what the desktop can do and a browser page cannot. */
export interface LabelsmithApi {
  /** A native open dialog for a template JSON file; null when the user cancels. */
  openTemplateFile(): Promise<OpenedTemplateFile | null>;
  /** A native save dialog, then the text written as the chosen file; null when the user cancels. */
  saveTemplateFile(suggestedName: string, text: string): Promise<SavedFile | null>;
  /** The same for a rendered output (pdf, png, zpl or html bytes). */
  saveOutputFile(suggestedName: string, format: OutputFormat, bytes: Uint8Array): Promise<SavedFile | null>;
  appInfo(): Promise<AppInfo>;
  /** Calls `listener` for each File menu command; returns the function that stops listening. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

export function isMenuCommand(value: unknown): value is MenuCommand {
  return typeof value === 'string' && (MENU_COMMANDS as readonly string[]).includes(value);
}

/** Validates one channel's payload; a BadRequestError's message is what reaches the page through IPC. */
export function parseIpcArgs<T>(schema: z.ZodType<T>, channel: string, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadRequestError(`invalid arguments for ${channel}: ${z.prettifyError(result.error)}`);
  return result.data;
}
