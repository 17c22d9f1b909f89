// Stroke and fill of lines, rectangles and ellipses (and a rectangle's corner radius).
import { SHAPE_DEFAULTS } from '@shared/elements/shapeStyleSchema';
import { selectTemplateUnit, useEditorStore, type ElementDraftOf } from '../../store';
import { ColorField } from './fields/ColorField';
import { LengthField } from './fields/LengthField';

type ShapeElement = ElementDraftOf<'line'> | ElementDraftOf<'rect'> | ElementDraftOf<'ellipse'>;

export function ShapeStyleFields({
  element,
  fill = true,
  cornerRadius = false,
}: {
  element: ShapeElement;
  fill?: boolean;
  cornerRadius?: boolean;
}) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const unit = useEditorStore(selectTemplateUnit);
  const style = element.style ?? {};
  const setStyle = (patch: Record<string, string>) => updateElement(element.id, { style: patch });
  return (
    <fieldset className="field-group">
      <legend>{fill ? 'Stroke and fill' : 'Stroke'}</legend>
      <ColorField
        label="Stroke colour"
        value={style.stroke ?? SHAPE_DEFAULTS.stroke}
        fallback="#000000"
        noneLabel="No stroke"
        onChange={(stroke) => setStyle({ stroke })}
      />
      <LengthField
        label="Stroke width"
        value={style.strokeWidth}
        fallback={SHAPE_DEFAULTS.strokeWidth}
        unit="pt"
        min={0}
        onChange={(strokeWidth) => setStyle({ strokeWidth })}
      />
      {fill && (
        <ColorField
          label="Fill colour"
          value={style.fill ?? SHAPE_DEFAULTS.fill}
          fallback="#cccccc"
          noneLabel="No fill"
          onChange={(value) => setStyle({ fill: value })}
        />
      )}
      {cornerRadius && (
        <LengthField
          label="Corner radius"
          value={style.cornerRadius}
          fallback={`0${unit}`}
          unit={unit}
          min={0}
          onChange={(radius) => setStyle({ cornerRadius: radius })}
        />
      )}
    </fieldset>
  );
}
