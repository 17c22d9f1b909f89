// Warnings a ZPL render adds to the layout's: elements that print as a graphic because ZPL has no field at their angle.
import { isQuarterTurn } from '../../layout/quarterTurn';
import type { LaidOutLabel, RenderWarning } from '../../layout/laidOutLabel';

/** Stable code of the warning below. */
export const ZPL_ROTATED_GRAPHIC = 'ZPL_ROTATED_GRAPHIC';

/**
 * One warning per element rotated other than a quarter turn whose type prints natively otherwise (text, barcodes,
 * rectangles, ellipses): it prints as a graphic of its drawing. Lines turn at any angle (^GD) and images are graphics
 * anyway, so they print as designed without one.
 */
export function zplRotationWarnings(label: LaidOutLabel): RenderWarning[] {
  return label.elements.flatMap((element) =>
    element.type === 'line' || element.type === 'image' || isQuarterTurn(element.rotation)
      ? []
      : [
          {
            code: ZPL_ROTATED_GRAPHIC,
            elementId: element.id,
            message: `${element.type} "${element.id}" is rotated ${element.rotation}°: ZPL turns fields only by quarter turns, so it prints as a graphic of its drawing`,
          },
        ],
  );
}
