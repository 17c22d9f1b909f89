// The text element's panel: content, font, size, weight, style, colour, alignment, line height and overflow.
import { TEXT_DEFAULTS } from '@shared/elements/text/textSchema';
import { ContentField } from '../../features/inspector/ContentField';
import { LengthField } from '../../features/inspector/fields/LengthField';
import { NumberField } from '../../features/inspector/fields/NumberField';
import { SelectField } from '../../features/inspector/fields/SelectField';
import { ColorField } from '../../features/inspector/fields/ColorField';
import { familyOptions } from '../../features/inspector/fontChoices';
import { useEditorStore, type ElementDraftOf } from '../../store';

type TextStyle = NonNullable<ElementDraftOf<'text'>['style']>;

export function TextInspector({ element }: { element: ElementDraftOf<'text'> }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const style: TextStyle = element.style ?? {};
  const setStyle = (patch: TextStyle) => updateElement(element.id, { style: patch });
  const shrink = (style.overflow ?? TEXT_DEFAULTS.overflow) === 'shrink';
  return (
    <>
      <ContentField element={element} />
      <fieldset className="field-group">
        <legend>Text style</legend>
        <div className="field-grid">
          <SelectField
            label="Font family"
            value={style.fontFamily ?? TEXT_DEFAULTS.fontFamily}
            options={familyOptions(style.fontFamily)}
            onChange={(fontFamily) => setStyle({ fontFamily })}
          />
          <LengthField
            label="Font size"
            value={style.fontSize}
            fallback={TEXT_DEFAULTS.fontSize}
            unit="pt"
            min={0.5}
            onChange={(fontSize) => setStyle({ fontSize })}
          />
          <SelectField
            label="Weight"
            value={style.fontWeight ?? TEXT_DEFAULTS.fontWeight}
            options={[
              { value: 'normal', label: 'Normal' },
              { value: 'bold', label: 'Bold' },
            ]}
            onChange={(fontWeight) => setStyle({ fontWeight })}
          />
          <SelectField
            label="Style"
            value={style.fontStyle ?? TEXT_DEFAULTS.fontStyle}
            options={[
              { value: 'normal', label: 'Normal' },
              { value: 'italic', label: 'Italic' },
            ]}
            onChange={(fontStyle) => setStyle({ fontStyle })}
          />
          <SelectField
            label="Align"
            value={style.textAlign ?? TEXT_DEFAULTS.textAlign}
            options={[
              { value: 'left', label: 'Left' },
              { value: 'center', label: 'Centre' },
              { value: 'right', label: 'Right' },
            ]}
            onChange={(textAlign) => setStyle({ textAlign })}
          />
          <SelectField
            label="Vertical align"
            value={style.verticalAlign ?? TEXT_DEFAULTS.verticalAlign}
            options={[
              { value: 'top', label: 'Top' },
              { value: 'middle', label: 'Middle' },
              { value: 'bottom', label: 'Bottom' },
            ]}
            onChange={(verticalAlign) => setStyle({ verticalAlign })}
          />
          <NumberField
            label="Line height"
            unit="×"
            value={style.lineHeight ?? TEXT_DEFAULTS.lineHeight}
            step={0.05}
            min={0.5}
            max={5}
            onChange={(lineHeight) => setStyle({ lineHeight })}
          />
          <SelectField
            label="Overflow"
            value={style.overflow ?? TEXT_DEFAULTS.overflow}
            options={[
              { value: 'wrap', label: 'Wrap' },
              { value: 'shrink', label: 'Shrink to fit' },
            ]}
            onChange={(overflow) => setStyle({ overflow })}
          />
          {shrink && (
            <LengthField
              label="Minimum size"
              value={style.minFontSize}
              fallback={TEXT_DEFAULTS.minFontSize}
              unit="pt"
              min={0.5}
              onChange={(minFontSize) => setStyle({ minFontSize })}
            />
          )}
        </div>
        <ColorField
          label="Colour"
          value={style.color}
          fallback={TEXT_DEFAULTS.color}
          onChange={(color) => setStyle({ color })}
        />
      </fieldset>
    </>
  );
}
