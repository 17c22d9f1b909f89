// Badges on elements turned at other than a right angle: ZPL has no such field orientation, so the printer gets them as a graphic.
import { Label, Tag, Text } from 'react-konva';
import { zplOrientation } from '@shared/elements/text/zplText';
import type { LaidOutElement } from '@shared/layout/laidOutLabel';

export const GRAPHIC_BADGE_TEXT = 'drawn as graphic in ZPL';

/** The ZPL emitter's own rule: an element whose rotation has no ZPL orientation is sent as a bitmap. */
export function drawnAsGraphicInZpl(element: Pick<LaidOutElement, 'rotation'>): boolean {
  return zplOrientation(element.rotation) === undefined;
}

/** Screen pixels of the badge's text, whatever the zoom. */
const BADGE_FONT_PX = 11;

export function RotationBadges({ elements, zoom }: { elements: readonly LaidOutElement[]; zoom: number }) {
  return (
    <>
      {elements.filter(drawnAsGraphicInZpl).map((element) => (
        // At the element's centre, which its rotation leaves in place; upright, so it reads at any angle.
        <Label
          key={element.id}
          x={element.box.x + element.box.width / 2}
          y={element.box.y + element.box.height / 2}
          listening={false}
          name="graphic-badge"
        >
          <Tag fill="#fff4d6" stroke="#b26b00" strokeWidth={1 / zoom} cornerRadius={3 / zoom} />
          <Text text={GRAPHIC_BADGE_TEXT} fontSize={BADGE_FONT_PX / zoom} padding={3 / zoom} fill="#6b4000" />
        </Label>
      ))}
    </>
  );
}
