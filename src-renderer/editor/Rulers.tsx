// Rulers along the top and left of the canvas, in the template's unit, following zoom and pan; drawn on a canvas each.
import { useLayoutEffect, useRef } from 'react';
import { selectLabelSize, selectTemplateUnit, useEditorStore } from '../store';
import { useElementSize } from '../ui/useElementSize';
import { rulerTicks } from './rulerTicks';

export const RULER_SIZE = 20;
const BACKGROUND = '#f4f4f5';
const LABEL_SPAN = '#ffffff';
const INK = '#52525b';
const TICK_LENGTH = { major: 1, mid: 0.55, minor: 0.3 } as const;

export function Ruler({ orientation }: { orientation: 'horizontal' | 'vertical' }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(canvas);
  const zoom = useEditorStore((state) => state.zoom);
  const pan = useEditorStore((state) => state.pan);
  const unit = useEditorStore(selectTemplateUnit);
  const label = useEditorStore(selectLabelSize);
  const horizontal = orientation === 'horizontal';

  useLayoutEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !size) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(size.width * ratio);
    element.height = Math.round(size.height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    // Drawn as if horizontal; the vertical ruler is the same turned a quarter, counting down the page.
    const length = horizontal ? size.width : size.height;
    const thickness = horizontal ? size.height : size.width;
    if (!horizontal) context.transform(0, 1, 1, 0, 0, 0);
    context.fillStyle = BACKGROUND;
    context.fillRect(0, 0, length, thickness);
    const origin = horizontal ? pan.x : pan.y;
    context.fillStyle = LABEL_SPAN;
    context.fillRect(origin, 0, (horizontal ? label.width : label.height) * zoom, thickness);
    context.strokeStyle = INK;
    context.fillStyle = INK;
    context.lineWidth = 1;
    context.font = '10px system-ui, sans-serif';
    context.textBaseline = 'top';
    context.beginPath();
    for (const tick of rulerTicks({ unit, zoom, origin, length })) {
      const x = Math.round(tick.at) + 0.5;
      context.moveTo(x, thickness);
      context.lineTo(x, thickness - thickness * TICK_LENGTH[tick.kind]);
      if (tick.label === undefined) continue;
      if (horizontal) {
        context.fillText(tick.label, x + 3, 2);
      } else {
        // Turned a quarter to read upwards, just below their tick, as in most design tools.
        context.save();
        context.setTransform(ratio, 0, 0, ratio, 0, 0);
        context.translate(2, x + 3 + context.measureText(tick.label).width);
        context.rotate(-Math.PI / 2);
        context.fillText(tick.label, 0, 0);
        context.restore();
      }
    }
    context.moveTo(0, thickness - 0.5);
    context.lineTo(length, thickness - 0.5);
    context.stroke();
  }, [size, zoom, pan, unit, label, horizontal]);

  return <canvas ref={canvas} className={`ruler ruler-${orientation}`} aria-hidden="true" />;
}
