// One element on the canvas: a group turned about the box centre holding the type's drawing, plus the hit area selection uses.
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { memo, useCallback, type ReactNode } from 'react';
import { Group, Line, Rect, Shape } from 'react-konva';
import type { Box, CanvasElementFailure, FontRegistry, LaidOutElement } from '../engine';
import { ElementVisual } from '../elements/editorKinds';

/** Thin boxes (a horizontal line) still get a hit area this many screen pixels across. */
const MIN_HIT_PIXELS = 8;

/** Stable callbacks from the canvas: node registration (for the transformer and drags) and presses. */
export interface CanvasElementEvents {
  registerNode(id: string, node: Konva.Group | null): void;
  onPointerDown(id: string, event: KonvaEventObject<PointerEvent>): void;
  /** A double click or double tap: a text opens for typing on the canvas. */
  onDoubleClick(id: string): void;
}

interface FrameProps {
  id: string;
  box: Box;
  rotation: number;
  events: CanvasElementEvents;
  children: ReactNode;
}

/**
 * The group sits at the box centre with its offset there too, so `rotation` turns about the centre as the layout means,
 * and the drawing inside keeps label coordinates. Its hit area is a shape whose bounds are exactly the box, so the
 * transformer frames the box, not the ink; the hit is drawn at least MIN_HIT_PIXELS across.
 */
function ElementFrame({ id, box, rotation, events, children }: FrameProps) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const ref = useCallback((node: Konva.Group | null) => events.registerNode(id, node), [events, id]);
  return (
    <Group
      ref={ref}
      id={id}
      x={cx}
      y={cy}
      offsetX={cx}
      offsetY={cy}
      rotation={rotation}
      onPointerDown={(event) => events.onPointerDown(id, event)}
      onDblClick={() => events.onDoubleClick(id)}
      onDblTap={() => events.onDoubleClick(id)}
    >
      {children}
      <Shape
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        fill="#000000"
        sceneFunc={() => undefined}
        hitFunc={(context, shape) => {
          const minimum = MIN_HIT_PIXELS / shape.getAbsoluteScale().x;
          const padX = Math.max(0, (minimum - box.width) / 2);
          const padY = Math.max(0, (minimum - box.height) / 2);
          context.beginPath();
          context.rect(-padX, -padY, box.width + 2 * padX, box.height + 2 * padY);
          context.closePath();
          context.fillStrokeShape(shape);
        }}
      />
    </Group>
  );
}

interface CanvasElementProps {
  element: LaidOutElement;
  fonts: FontRegistry;
  events: CanvasElementEvents;
}

/** Redrawn only when its laid-out element changes: the layout hands unchanged elements back as the same objects. */
export const CanvasElement = memo(function CanvasElement({ element, fonts, events }: CanvasElementProps) {
  return (
    <ElementFrame id={element.id} box={element.box} rotation={element.rotation} events={events}>
      {element.reverse ? (
        // Reversed (ZPL ^FR): painted white and blended by difference, as the svg, pdf and html outputs do.
        <Group globalCompositeOperation="difference">
          <ElementVisual element={element} fonts={fonts} />
        </Group>
      ) : (
        <ElementVisual element={element} fonts={fonts} />
      )}
    </ElementFrame>
  );
});

const ERROR_COLOUR = '#dc2626';

/** An element the layout refused: a red dashed box with a cross, still selectable and movable so it can be fixed. */
export const CanvasFailure = memo(function CanvasFailure({
  failure,
  events,
}: {
  failure: CanvasElementFailure;
  events: CanvasElementEvents;
}) {
  const { box } = failure;
  return (
    <ElementFrame id={failure.id} box={box} rotation={failure.rotation} events={events}>
      <Rect
        {...box}
        fill="rgba(220, 38, 38, 0.08)"
        stroke={ERROR_COLOUR}
        strokeWidth={1.5}
        strokeScaleEnabled={false}
        dash={[4, 3]}
        listening={false}
      />
      <Line
        points={[
          box.x,
          box.y,
          box.x + box.width,
          box.y + box.height,
          box.x + box.width / 2,
          box.y + box.height / 2,
          box.x + box.width,
          box.y,
          box.x,
          box.y + box.height,
        ]}
        stroke={ERROR_COLOUR}
        strokeWidth={1}
        strokeScaleEnabled={false}
        listening={false}
      />
    </ElementFrame>
  );
});
