// The barcode element's panel: value, symbology, module width (as the printer draws it), ratio, quiet zone, bar height,
// human-readable line, QR error correction, colour and text size.
import { DEFAULT_RATIOS, quietZoneOn } from '../../../src-shared/elements/barcode/barcodeModule';
import { BARCODE_DEFAULTS, SYMBOLOGIES, TWO_D_SYMBOLOGIES, type Symbology } from '../../../src-shared/elements/barcode/barcodeSchema';
import { ContentField } from '../../features/inspector/ContentField';
import { CheckboxField } from '../../features/inspector/fields/CheckboxField';
import { ColorField } from '../../features/inspector/fields/ColorField';
import { LengthField } from '../../features/inspector/fields/LengthField';
import { NumberField } from '../../features/inspector/fields/NumberField';
import { SelectField } from '../../features/inspector/fields/SelectField';
import { TextField } from '../../features/inspector/fields/TextField';
import { familyOptions } from '../../features/inspector/fontChoices';
import { selectTemplateUnit, useEditorStore, type ElementDraftOf } from '../../store';
import { laidOutModule, moduleWidthText } from './moduleWidthText';

const SYMBOLOGY_LABELS: Record<Symbology, string> = {
  code128: 'Code 128',
  'gs1-128': 'GS1-128',
  ean13: 'EAN-13',
  ean8: 'EAN-8',
  upca: 'UPC-A',
  upce: 'UPC-E',
  code39: 'Code 39',
  code93: 'Code 93',
  interleaved2of5: 'Interleaved 2 of 5',
  itf14: 'ITF-14',
  qrcode: 'QR Code',
  datamatrix: 'Data Matrix',
  gs1datamatrix: 'GS1 Data Matrix',
  pdf417: 'PDF417',
  azteccode: 'Aztec Code',
};

type BarcodeStyle = NonNullable<ElementDraftOf<'barcode'>['style']>;

export function BarcodeInspector({ element }: { element: ElementDraftOf<'barcode'> }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const style: BarcodeStyle = element.style ?? {};
  const setStyle = (patch: BarcodeStyle) => updateElement(element.id, { style: patch });
  const linear = !TWO_D_SYMBOLOGIES.has(element.symbology);
  const showText = element.showText ?? BARCODE_DEFAULTS.showText;
  const unit = useEditorStore(selectTemplateUnit);
  const laidOut = useEditorStore((state) => laidOutModule(state.canvasLabel, element.id));
  const defaultRatio = DEFAULT_RATIOS[element.symbology];
  return (
    <>
      <ContentField element={element} />
      <fieldset className="field-group">
        <legend>Barcode</legend>
        <SelectField
          label="Symbology"
          value={element.symbology}
          options={SYMBOLOGIES.map((value) => ({ value, label: SYMBOLOGY_LABELS[value] }))}
          onChange={(symbology) => updateElement(element.id, { symbology })}
        />
        {element.symbology.startsWith('gs1') && <p className="hint">GS1 values are written as (01)09521234543213(10)ABC.</p>}
        {element.symbology === 'qrcode' && (
          <SelectField
            label="Error correction"
            value={element.errorCorrection ?? BARCODE_DEFAULTS.errorCorrection}
            options={[
              { value: 'L', label: 'L (7 %)' },
              { value: 'M', label: 'M (15 %)' },
              { value: 'Q', label: 'Q (25 %)' },
              { value: 'H', label: 'H (30 %)' },
            ]}
            onChange={(errorCorrection) => updateElement(element.id, { errorCorrection })}
          />
        )}
        <TextField
          label="Module width"
          value={element.moduleWidth ?? ''}
          applyOn="blur"
          placeholder="fits the box"
          onChange={(text) => updateElement(element.id, { moduleWidth: text.trim() === '' ? undefined : text.trim() })}
        />
        <p className="hint">
          “0.33mm” (rounded to whole printer dots) or “3dots”; empty: the widest whole-dot module that fits the box. Printed:{' '}
          <output aria-label="Module width at the printer">{laidOut ? moduleWidthText(laidOut) : '—'}</output>
        </p>
        {defaultRatio !== undefined && (
          <NumberField
            label="Wide to narrow"
            value={element.ratio ?? defaultRatio}
            step={0.1}
            min={2}
            max={3}
            decimals={1}
            onChange={(ratio) => updateElement(element.id, { ratio: Math.round(Math.min(3, Math.max(2, ratio)) * 10) / 10 })}
          />
        )}
        <CheckboxField
          label="Quiet zone"
          checked={quietZoneOn(element.symbology, element.quietZone)}
          onChange={(checked) => updateElement(element.id, { quietZone: checked })}
        />
        {linear && (
          <div className="field-row">
            <LengthField label="Bar height" value={element.barHeight} unit={unit} min={0.1} onChange={(barHeight) => updateElement(element.id, { barHeight })} />
            {element.barHeight !== undefined && (
              <button type="button" onClick={() => updateElement(element.id, { barHeight: undefined })}>
                Fill the box
              </button>
            )}
          </div>
        )}
        <ColorField label="Colour" value={style.color} fallback={BARCODE_DEFAULTS.color} onChange={(color) => setStyle({ color })} />
        {linear && <CheckboxField label="Show text" checked={showText} onChange={(checked) => updateElement(element.id, { showText: checked })} />}
        {linear && showText && (
          <div className="field-grid">
            <LengthField label="Text size" value={style.fontSize} fallback={BARCODE_DEFAULTS.fontSize} unit="pt" min={0.5} onChange={(fontSize) => setStyle({ fontSize })} />
            <SelectField
              label="Text font"
              value={style.fontFamily ?? BARCODE_DEFAULTS.fontFamily}
              options={familyOptions(style.fontFamily)}
              onChange={(fontFamily) => setStyle({ fontFamily })}
            />
          </div>
        )}
      </fieldset>
    </>
  );
}
