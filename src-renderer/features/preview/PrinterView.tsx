// The ZPL tab's picture: the ZPL as the printer would print it (drawn by the reader), and a "differences" overlay against
// the design's PNG at the printer's resolution, both one dot a pixel; the printer's darkness is shown as weight.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ZplPreviewLabel } from '@shared/api/zplEditorApi';
import type { LaidOutElement } from '@shared/layout/laidOutLabel';
import { useEditorStore } from '../../store';
import type { Pixels } from '../history/overlayDiff';
import {
  darknessSpread,
  differencesByElement,
  printerDifferences,
  withDarkness,
  type LabelShift,
} from './printerTruth';

async function pixelsOf(url: string): Promise<Pixels> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to compare the pictures on');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The pixels as a PNG data URL, for an <img> the page can describe. */
function pixelsUrl(pixels: Pixels): string {
  const canvas = document.createElement('canvas');
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  canvas
    .getContext('2d')
    ?.putImageData(new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height), 0, 0);
  return canvas.toDataURL('image/png');
}

function darknessText(darkness: number | null, spread: number): string {
  if (darkness === null) return '';
  if (spread === 0) return ` Darkness ${darkness}: dots print their own size.`;
  const dots = `${Math.abs(spread)} dot${Math.abs(spread) === 1 ? '' : 's'}`;
  return spread > 0
    ? ` Darkness ${darkness}: ink spreads about ${dots}.`
    : ` Darkness ${darkness}: ink thins about ${dots}.`;
}

const NO_ELEMENTS: readonly LaidOutElement[] = [];

/** With a shift, the differences are those left once the print is moved back: "other" than the shift. */
function differenceText(
  diff: { pixels: Pixels; changed: number } | null,
  elements: readonly LaidOutElement[],
  dpi: number,
  shifted: boolean,
): string {
  if (diff === null) return 'Comparing with the design…';
  const other = shifted ? 'other ' : '';
  if (diff.changed === 0) return `No ${other}differences from the design.`;
  const where = differencesByElement(diff.pixels, elements, dpi).map(({ id, changed }) => `${id}: ${changed}`);
  return `${diff.changed} ${other}pixels differ from the design${where.length > 0 ? ` (${where.join(', ')})` : ''}.`;
}

/**
 * `darkness`: the printer's ~SD setting (null: its own), drawn as the weight its dots print with; `shift`: how far its
 * label offsets move the whole print (the reader drew the print moved by them), told apart from the differences.
 */
export function PrinterView({
  printer,
  designUrl,
  dpi,
  darkness,
  shift,
}: {
  printer: ZplPreviewLabel;
  designUrl: string | null;
  dpi: number;
  darkness: number | null;
  shift: LabelShift | null;
}) {
  const toggleId = useId();
  const [showDifferences, setShowDifferences] = useState(false);
  const [diff, setDiff] = useState<{ pixels: Pixels; changed: number } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const readerUrl = `data:image/png;base64,${printer.png}`;
  const spread = darknessSpread(darkness);
  const [weightedUrl, setWeightedUrl] = useState<string | null>(null);
  useEffect(() => {
    let wanted = true;
    setWeightedUrl(null);
    if (spread === 0) return;
    pixelsOf(readerUrl).then(
      (printed) => wanted && setWeightedUrl(pixelsUrl(withDarkness(printed, spread))),
      () => undefined,
    );
    return () => {
      wanted = false;
    };
  }, [readerUrl, spread]);
  // With a darkness that changes the weight, the print is the weighted picture once it is made.
  const printerUrl = spread === 0 ? readerUrl : weightedUrl;
  // The canvas's layout, made for the same resolution: where each element is, to say which ones differ.
  const elements = useEditorStore((state) => state.canvasLabel?.elements ?? NO_ELEMENTS);
  const [shiftX, shiftY] = [shift?.x ?? 0, shift?.y ?? 0];
  const moved = useMemo(() => ({ x: shiftX, y: shiftY }), [shiftX, shiftY]);
  useEffect(() => {
    let wanted = true;
    setDiff(null);
    if (!designUrl || !printerUrl) return;
    Promise.all([pixelsOf(designUrl), pixelsOf(printerUrl)]).then(
      ([design, printed]) => wanted && setDiff(printerDifferences(design, printed, moved)),
      () => undefined,
    );
    return () => {
      wanted = false;
    };
  }, [designUrl, printerUrl, moved]);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (showDifferences && diff && context) {
      context.putImageData(
        new ImageData(new Uint8ClampedArray(diff.pixels.data), diff.pixels.width, diff.pixels.height),
        0,
        0,
      );
    }
  }, [showDifferences, diff]);
  // Counting per element walks the picture under each element's box: once per diff, not on every render.
  const shifted = shift !== null;
  const summary = useMemo(() => differenceText(diff, elements, dpi, shifted), [diff, elements, dpi, shifted]);
  return (
    <figure className="printer-view">
      {showDifferences && diff ? (
        <canvas
          ref={canvas}
          className="preview-image"
          width={diff.pixels.width}
          height={diff.pixels.height}
          role="img"
          aria-label="Differences between the design and the printer view"
        />
      ) : (
        printerUrl && (
          <img
            className="preview-image"
            src={printerUrl}
            alt={`Printer view: the ZPL as a ${dpi} dpi printer prints it`}
          />
        )
      )}
      <figcaption>
        <label htmlFor={toggleId}>
          <input
            id={toggleId}
            type="checkbox"
            checked={showDifferences}
            onChange={(event) => setShowDifferences(event.target.checked)}
          />{' '}
          Differences
        </label>{' '}
        {showDifferences && (
          <>
            <span className="diff-key diff-removed">only in the design</span>{' '}
            <span className="diff-key diff-added">only in the print</span>{' '}
            <span className="diff-key diff-same">in both</span>{' '}
          </>
        )}
        {shift && (
          <>
            <output aria-label="Shift of the whole label">{shift.text}</output>{' '}
          </>
        )}
        <output aria-label="Differences from the design" aria-live="polite">
          {summary}
        </output>
        <span className="hint">
          {' '}
          {printer.widthDots} × {printer.heightDots} dots at {dpi} dpi.{darknessText(darkness, spread)}
        </span>
      </figcaption>
    </figure>
  );
}
