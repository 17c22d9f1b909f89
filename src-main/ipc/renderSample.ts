// Renders one of the bundled samples for the desktop bridge: validated arguments in, base64 bytes and warnings out.
import type { RenderSampleArgs, RenderSampleResult } from '../../src-shared/api/ipc';
import { renderLabel, type RenderedOutput } from '../../src-shared/render/renderLabel';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadSample } from '../samples/sampleTemplates';

/** CSS pixels: the preview image then shows at the label's real size on screen (1in = 96px). */
export const SAMPLE_PREVIEW_DPI = 96;

export function toBridgeResult(output: RenderedOutput): RenderSampleResult {
  const { bytes } = output;
  return {
    contentType: output.contentType,
    // The view, not its whole buffer: engine output may be a slice of a larger allocation.
    base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    // Only the documented fields cross the bridge, so the renderer's contract does not grow with the engine's.
    warnings: output.warnings.map(({ code, message }) => ({ code, message })),
  };
}

export async function renderSample({ name, format }: RenderSampleArgs): Promise<RenderSampleResult> {
  const sample = loadSample(name);
  return toBridgeResult(await renderLabel(sample.template, sample.data, { format, dpi: SAMPLE_PREVIEW_DPI, fonts: bundledFonts() }));
}
