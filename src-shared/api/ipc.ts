// The IPC contract between the Electron main process and the preload bridge: channel names, argument schemas, types.
import { z } from 'zod';
import { BadRequestError } from '../errors';

/** Prefixed so they cannot collide with channels Electron or a library might register. */
export const IPC_CHANNELS = {
  renderSample: 'labelsmith:render-sample',
} as const;

export const SAMPLE_NAMES = ['shipping-4x6', 'asset-tag'] as const;
export type SampleName = (typeof SAMPLE_NAMES)[number];

/** PDF is left out: the shell has no viewer for it, and the renderer shows PNG, HTML and ZPL inline. */
export const SAMPLE_FORMATS = ['png', 'html', 'zpl'] as const;
export type SampleFormat = (typeof SAMPLE_FORMATS)[number];

/**
 * Strict: whatever crosses the bridge is untrusted, so unknown keys are an error rather than silently dropped. Every
 * call is marked pure so the preload and the renderer, which take only names and types from here, bundle no zod.
 */
export const renderSampleArgsSchema = /* @__PURE__ */ z.strictObject({
  name: /* @__PURE__ */ z.enum(SAMPLE_NAMES),
  format: /* @__PURE__ */ z.enum(SAMPLE_FORMATS),
});
export type RenderSampleArgs = z.infer<typeof renderSampleArgsSchema>;

export interface BridgeWarning {
  code: string;
  message: string;
}

/** Bytes travel as base64: the renderer puts them straight into data: URLs, or decodes text from them. */
export interface RenderSampleResult {
  contentType: string;
  base64: string;
  warnings: BridgeWarning[];
}

/** What the preload exposes as `window.labelsmith`. */
export interface LabelsmithApi {
  renderSample(name: SampleName, format: SampleFormat): Promise<RenderSampleResult>;
}

/** Validates the renderSample payload; a BadRequestError's message is what reaches the renderer through IPC. */
export function parseRenderSampleArgs(input: unknown): RenderSampleArgs {
  const result = renderSampleArgsSchema.safeParse(input);
  if (!result.success) throw new BadRequestError(`invalid renderSample arguments: ${z.prettifyError(result.error)}`);
  return result.data;
}
