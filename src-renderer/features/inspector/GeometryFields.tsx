// Position, size and rotation of one element in the template's unit (a line's size may be negative: it runs up or left).
import { POINTS_PER_UNIT, UNIT_DECIMALS } from '../../editor/units';
import {
  elementGeometry,
  selectTemplateUnit,
  useEditorStore,
  type ElementDraft,
  type GeometryChange,
} from '../../store';
import { NumberField } from './fields/NumberField';

const STEPS = { mm: 0.1, cm: 0.01, in: 0.01, pt: 0.5, px: 1 } as const;

export function GeometryFields({ element }: { element: ElementDraft }) {
  const unit = useEditorStore(selectTemplateUnit);
  const transformElements = useEditorStore((state) => state.transformElements);
  const geometry = elementGeometry(element);
  const perUnit = POINTS_PER_UNIT[unit];
  const set = (change: Omit<GeometryChange, 'id'>) => transformElements([{ id: element.id, ...change }]);
  const isLine = element.type === 'line';
  const length = (label: string, key: 'x' | 'y' | 'width' | 'height', min?: number) => (
    <NumberField
      label={label}
      unit={unit}
      value={geometry && geometry[key] / perUnit}
      step={STEPS[unit]}
      decimals={UNIT_DECIMALS[unit]}
      min={min}
      onChange={(value) => set({ [key]: value * perUnit })}
    />
  );
  return (
    <fieldset className="field-group">
      <legend>Position and size</legend>
      {!geometry && <p className="error-text">A length of this element cannot be read; type a number to fix it.</p>}
      <div className="field-grid">
        {length('X', 'x')}
        {length('Y', 'y')}
        {length('Width', 'width', isLine ? undefined : 0)}
        {length('Height', 'height', isLine ? undefined : 0)}
        <NumberField
          label="Rotation"
          unit="°"
          value={geometry?.rotation ?? 0}
          step={1}
          min={-360}
          max={360}
          onChange={(rotation) => set({ rotation })}
        />
      </div>
    </fieldset>
  );
}
