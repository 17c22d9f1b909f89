// The barcode element's panel: value, symbology, module width (as the printer draws it), ratio, quiet zone (QuietZoneField), bar height,
// human-readable line, QR error correction, check digits, MaxiCode mode, DataBar segments, colour and text size.
import { DEFAULT_RATIOS } from '@shared/elements/barcode/barcodeModule';
import {
  BARCODE_DEFAULTS,
  CHECK_DIGIT_SCHEMES,
  SYMBOLOGIES,
  TWO_D_SYMBOLOGIES,
  type CheckDigitScheme,
  type Symbology,
} from '@shared/elements/barcode/barcodeSchema';
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
import { QuietZoneField } from './QuietZoneField';

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
  maxicode: 'MaxiCode (UPS)',
  databaromni: 'GS1 DataBar Omnidirectional',
  databarexpanded: 'GS1 DataBar Expanded',
  databarlimited: 'GS1 DataBar Limited',
  databarstacked: 'GS1 DataBar Stacked',
  rationalizedCodabar: 'Codabar',
  onecode: 'USPS Intelligent Mail',
  postnet: 'USPS POSTNET',
  planet: 'USPS PLANET',
  microqrcode: 'Micro QR Code',
  micropdf417: 'MicroPDF417',
  hibccode128: 'HIBC Code 128',
  hibcdatamatrix: 'HIBC Data Matrix',
  pharmacode: 'Pharmacode',
  msi: 'MSI Plessey',
  code11: 'Code 11',
  royalmail: 'Royal Mail 4-State (RM4SCC)',
  auspost: 'Australia Post',
  kix: 'KIX (PostNL)',
  japanpost: 'Japan Post',
  isbn: 'ISBN',
  issn: 'ISSN',
  ean14: 'EAN-14',
  sscc18: 'SSCC-18',
  gs1qrcode: 'GS1 QR Code',
  dotcode: 'DotCode',
  code32: 'Code 32 (Italian pharmacode)',
  pzn: 'PZN (German pharmacode)',
  swissqrcode: 'Swiss QR Code',
};

const CHECK_DIGIT_LABELS: Record<CheckDigitScheme, string> = {
  none: 'None',
  auto: 'Standard (C, and K from 10 characters)',
  mod10: 'Modulo 10',
  mod1010: 'Modulo 10 + 10',
  mod11: 'Modulo 11',
  mod1110: 'Modulo 11 + 10',
  mod16: 'Modulo 16',
};

const MAXICODE_MODES = [
  { value: 'auto', label: 'From the value (2 or 3 for a carrier message, else 4)' },
  { value: '2', label: '2: carrier message, numeric postal code' },
  { value: '3', label: '3: carrier message, alphanumeric postal code' },
  { value: '4', label: '4: standard' },
  { value: '5', label: '5: full error correction' },
  { value: '6', label: '6: reader programming' },
];

/** Check digit schemes, MaxiCode mode and DataBar segments: shown only for the symbologies that have them. */
function SymbologyOptions({ element }: { element: ElementDraftOf<'barcode'> }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const schemes: readonly CheckDigitScheme[] | undefined =
    CHECK_DIGIT_SCHEMES[element.symbology as keyof typeof CHECK_DIGIT_SCHEMES];
  return (
    <>
      {schemes && (
        <SelectField
          label="Check digit"
          value={element.checkDigit ?? schemes[0] ?? 'none'}
          options={schemes.map((value) => ({ value, label: CHECK_DIGIT_LABELS[value] }))}
          onChange={(checkDigit) => updateElement(element.id, { checkDigit })}
        />
      )}
      {element.symbology === 'maxicode' && (
        <>
          <SelectField
            label="MaxiCode mode"
            value={element.maxicodeMode === undefined ? 'auto' : String(element.maxicodeMode)}
            options={MAXICODE_MODES}
            onChange={(mode) => updateElement(element.id, { maxicodeMode: mode === 'auto' ? undefined : Number(mode) })}
          />
          <p className="hint">
            Modes 2 and 3 take the UPS structured carrier message: [)&gt;RS01GS96, postal code, country, class of
            service, then the rest, separated by GS.
          </p>
        </>
      )}
      {element.symbology === 'databarexpanded' && (
        <NumberField
          label="Segments per row"
          value={element.segments ?? 22}
          step={2}
          min={2}
          max={22}
          decimals={0}
          onChange={(segments) => {
            const even = Math.min(22, Math.max(2, Math.round(segments / 2) * 2));
            updateElement(element.id, { segments: even === 22 ? undefined : even });
          }}
        />
      )}
    </>
  );
}

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
        {(element.symbology.startsWith('gs1') || element.symbology.startsWith('databar')) && (
          <p className="hint">GS1 values are written as (01)09521234543213(10)ABC.</p>
        )}
        <SymbologyOptions element={element} />
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
          “0.33mm” (rounded to whole printer dots) or “3dots”; empty: the widest whole-dot module that fits the box.
          Printed: <output aria-label="Module width at the printer">{laidOut ? moduleWidthText(laidOut) : '—'}</output>
        </p>
        {defaultRatio !== undefined && (
          <NumberField
            label="Wide to narrow"
            value={element.ratio ?? defaultRatio}
            step={0.1}
            min={2}
            max={3}
            decimals={1}
            onChange={(ratio) =>
              updateElement(element.id, { ratio: Math.round(Math.min(3, Math.max(2, ratio)) * 10) / 10 })
            }
          />
        )}
        <QuietZoneField element={element} />
        {linear && (
          <div className="field-row">
            <LengthField
              label="Bar height"
              value={element.barHeight}
              unit={unit}
              min={0.1}
              onChange={(barHeight) => updateElement(element.id, { barHeight })}
            />
            {element.barHeight !== undefined && (
              <button type="button" onClick={() => updateElement(element.id, { barHeight: undefined })}>
                Fill the box
              </button>
            )}
          </div>
        )}
        <ColorField
          label="Colour"
          value={style.color}
          fallback={BARCODE_DEFAULTS.color}
          onChange={(color) => setStyle({ color })}
        />
        {linear && (
          <CheckboxField
            label="Show text"
            checked={showText}
            onChange={(checked) => updateElement(element.id, { showText: checked })}
          />
        )}
        {linear && showText && (
          <div className="field-grid">
            <LengthField
              label="Text size"
              value={style.fontSize}
              fallback={BARCODE_DEFAULTS.fontSize}
              unit="pt"
              min={0.5}
              onChange={(fontSize) => setStyle({ fontSize })}
            />
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
