// The barcode's quiet zone in the inspector: none, the symbology's own, or a width (in the template's unit, or modules), with what the printer keeps clear.
import { parseQuietZoneWidth, type QuietZoneSetting } from '@shared/elements/barcode/barcodeModule';
import { TWO_D_SYMBOLOGIES } from '@shared/elements/barcode/barcodeSchema';
import { LengthField } from '../../features/inspector/fields/LengthField';
import { NumberField } from '../../features/inspector/fields/NumberField';
import { SelectField } from '../../features/inspector/fields/SelectField';
import { selectTemplateUnit, useEditorStore, type ElementDraftOf } from '../../store';
import { laidOutZoneText, quietZoneFor, quietZoneKind, standardZoneText, type QuietZoneKind } from './quietZoneChoice';

export function QuietZoneField({ element }: { element: ElementDraftOf<'barcode'> }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const unit = useEditorStore(selectTemplateUnit);
  const printed = useEditorStore((state) => laidOutZoneText(state.canvasLabel, element.id));
  const setting: QuietZoneSetting | undefined = element.quietZone;
  const kind = quietZoneKind(element.symbology, setting);
  const width = typeof setting === 'string' ? parseQuietZoneWidth(setting) : undefined;
  const twoD = TWO_D_SYMBOLOGIES.has(element.symbology);
  const options: { value: QuietZoneKind; label: string }[] = [
    { value: 'off', label: 'None' },
    { value: 'standard', label: `The symbology’s (${standardZoneText(element.symbology, twoD)})` },
    { value: 'length', label: `A width in ${unit}` },
    { value: 'modules', label: 'A width in modules' },
  ];
  return (
    <>
      <SelectField
        label="Quiet zone"
        value={kind}
        options={options}
        onChange={(next) => updateElement(element.id, { quietZone: quietZoneFor(next, element.symbology, unit) })}
      />
      {kind === 'length' && (
        <LengthField
          label="Quiet zone width"
          value={setting}
          unit={unit}
          min={0}
          onChange={(length) => updateElement(element.id, { quietZone: length })}
        />
      )}
      {kind === 'modules' && (
        <NumberField
          label="Quiet zone modules"
          value={width && 'modules' in width ? width.modules : undefined}
          unit="modules"
          min={0}
          max={100}
          decimals={0}
          onChange={(modules) =>
            updateElement(element.id, { quietZone: `${Math.min(100, Math.max(0, Math.round(modules)))}modules` })
          }
        />
      )}
      {kind !== 'off' && (
        <p className="hint">
          Kept clear inside the box{twoD ? ' on every side' : ', left and right'}. Printed:{' '}
          <output aria-label="Quiet zone at the printer">{printed ?? '—'}</output>
        </p>
      )}
    </>
  );
}
