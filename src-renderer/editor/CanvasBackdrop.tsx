// Under and over the elements: the white label and its grid below; the shaded pasteboard, safe margin and guides above.
import { Line, Rect, Shape } from 'react-konva';
import type { Box } from '../engine';
import type { Guide } from './snapping';

const GRID_COLOUR = 'rgba(37, 99, 235, 0.14)';
/** Grid lines closer than this on screen would be a grey wash: every second, fourth… line is drawn instead. */
const MIN_GRID_PIXELS = 6;
const GUIDE_COLOUR = '#db2777';
const MARGIN_COLOUR = '#0891b2';
const SHADE = 'rgba(228, 228, 231, 0.75)';

interface LabelSize {
  width: number;
  height: number;
}

/** The label's paper, and the grid on it when shown. */
export function LabelBackground({ label, grid, zoom }: { label: LabelSize; grid?: number; zoom: number }) {
  return (
    <>
      <Rect
        x={0}
        y={0}
        width={label.width}
        height={label.height}
        fill="#ffffff"
        shadowColor="rgba(0, 0, 0, 0.25)"
        shadowBlur={8}
        shadowForStrokeEnabled={false}
        listening={false}
      />
      {grid !== undefined && grid > 0 && (
        <Shape
          listening={false}
          sceneFunc={(context) => {
            let step = grid;
            while (step * zoom < MIN_GRID_PIXELS) step *= 2;
            context.beginPath();
            for (let x = step; x < label.width; x += step) {
              context.moveTo(x, 0);
              context.lineTo(x, label.height);
            }
            for (let y = step; y < label.height; y += step) {
              context.moveTo(0, y);
              context.lineTo(label.width, y);
            }
            context.setAttr('strokeStyle', GRID_COLOUR);
            context.setAttr('lineWidth', 1 / zoom);
            context.stroke();
          }}
        />
      )}
    </>
  );
}

interface LabelOverlayProps {
  label: LabelSize;
  safeMargin: number;
  /** The visible part of the stage in label points: the shade must cover it. */
  view: Box;
  guides: readonly Guide[];
  marquee: Box | null;
}

/**
 * What lies outside the label is shaded (the outputs cut it off) but stays visible and selectable; the safe margin is a
 * dashed line, guides and the marquee are one screen pixel wide at any zoom.
 */
export function LabelOverlay({ label, safeMargin, view, guides, marquee }: LabelOverlayProps) {
  return (
    <>
      <Shape
        listening={false}
        sceneFunc={(context) => {
          context.beginPath();
          context.rect(view.x, view.y, view.width, view.height);
          context.rect(0, 0, label.width, label.height);
          context.setAttr('fillStyle', SHADE);
          context.fill('evenodd');
        }}
      />
      {safeMargin > 0 && safeMargin * 2 < Math.min(label.width, label.height) && (
        <Rect
          x={safeMargin}
          y={safeMargin}
          width={label.width - 2 * safeMargin}
          height={label.height - 2 * safeMargin}
          stroke={MARGIN_COLOUR}
          strokeWidth={1}
          strokeScaleEnabled={false}
          dash={[4, 4]}
          listening={false}
        />
      )}
      {guides.map((guide, index) => (
        <Line
          key={index}
          points={
            guide.orientation === 'vertical'
              ? [guide.position, guide.start, guide.position, guide.end]
              : [guide.start, guide.position, guide.end, guide.position]
          }
          stroke={GUIDE_COLOUR}
          strokeWidth={1}
          strokeScaleEnabled={false}
          listening={false}
        />
      ))}
      {marquee && (
        <Rect
          {...marquee}
          fill="rgba(37, 99, 235, 0.08)"
          stroke="#2563eb"
          strokeWidth={1}
          strokeScaleEnabled={false}
          listening={false}
        />
      )}
    </>
  );
}
