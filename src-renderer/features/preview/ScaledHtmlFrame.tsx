// The HTML preview: the page in a sandboxed frame the label's own size, scaled so the whole label fits the panel's width.
import { useRef } from 'react';
import { selectLabelSize, useEditorStore } from '../../store';
import { useElementSize } from '../../ui/useElementSize';

/** CSS pixels per point: the page sizes its label in points (1in = 72pt = 96px). */
const PIXELS_PER_POINT = 96 / 72;
/** A small label is shown larger, up to this many times its size. */
const MAX_SCALE = 3;

export function ScaledHtmlFrame({ html }: { html: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const room = useElementSize(holder);
  const label = useEditorStore(selectLabelSize);
  const width = Math.max(1, label.width * PIXELS_PER_POINT);
  const height = Math.max(1, label.height * PIXELS_PER_POINT);
  const scale = room ? Math.min(MAX_SCALE, room.width / width) : 1;
  return (
    <div ref={holder} className="preview-frame-holder" style={{ height: height * scale }}>
      {/* sandbox="": no scripts, forms or navigation, and an origin of its own; the page's policy still applies. The
          frame is the label's size, so the page inside has nothing to scroll; the transform fits it to the panel. */}
      <iframe
        className="preview-frame"
        sandbox=""
        srcDoc={html}
        title="Label preview (HTML)"
        style={{ width, height, transform: `scale(${scale})` }}
      />
    </div>
  );
}
