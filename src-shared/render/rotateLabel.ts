// Turns a whole laid-out label by a quarter turn (the viewer's X-Rotation): every element moves with its centre and turns about it.
import { moved } from '../read/zpl/turnElement';
import type { Box, LaidOutElement, LaidOutLabel } from '../layout/laidOutLabel';

export type QuarterTurn = 0 | 90 | 180 | 270;

/** The label turned `degrees` clockwise: a quarter or three quarters swap its width and height. */
export function rotateLabel(label: LaidOutLabel, degrees: QuarterTurn): LaidOutLabel {
  if (degrees === 0) return label;
  const { width, height } = label;
  // A mirrored label's emitters flip the output last, about the turned page: turning its elements the other way
  // first gives the mirrored drawing turned `degrees` (a quarter turn after a flip is the flip after three quarters).
  const turnBy = label.mirror ? (((360 - degrees) % 360) as QuarterTurn) : degrees;
  // Where a point's centre lands, y down, turning clockwise about the origin and back onto the page.
  const turn = (x: number, y: number): [number, number] =>
    turnBy === 90 ? [height - y, x] : turnBy === 180 ? [width - x, height - y] : [y, width - x];
  const elements = label.elements.map((element) => {
    const centreX = element.box.x + element.box.width / 2;
    const centreY = element.box.y + element.box.height / 2;
    const [x, y] = turn(centreX, centreY);
    const shifted = moved(element, x - centreX, y - centreY);
    return { ...shifted, rotation: (element.rotation + turnBy) % 360 } as LaidOutElement;
  });
  const [newWidth, newHeight] = degrees === 180 ? [width, height] : [height, width];
  const clip = label.clip && turnedBox(label.clip, turn);
  return { ...label, width: newWidth, height: newHeight, elements, ...(clip ? { clip } : {}) };
}

/** A box turned by quarter turns: the box spanned by its turned corners. */
function turnedBox(box: Box, turn: (x: number, y: number) => [number, number]): Box {
  const [x1, y1] = turn(box.x, box.y);
  const [x2, y2] = turn(box.x + box.width, box.y + box.height);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}
