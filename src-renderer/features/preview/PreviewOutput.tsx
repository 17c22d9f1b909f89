// One rendered preview: the PNG (PDF as its PNG rendering, ZPL as the printer prints it), the ZPL text, the HTML page sandboxed,
// and the render's warnings.
import { PrinterView } from './PrinterView';
import { ScaledHtmlFrame } from './ScaledHtmlFrame';
import type { LabelShift } from './printerTruth';
import type { PreviewResult } from './usePreview';

/**
 * `zplDpi` and `darkness`: the printer resolution the ZPL was made for, and that printer's darkness (null: its own);
 * `shift`: how far its label offsets move the whole print (null: not at all).
 */
export function PreviewOutput({
  result,
  formatName,
  zplDpi,
  darkness,
  shift,
}: {
  result: PreviewResult;
  formatName: string;
  zplDpi: number;
  darkness: number | null;
  shift: LabelShift | null;
}) {
  return (
    <div className="preview-output">
      {result.format === 'html' && result.text !== null ? (
        <ScaledHtmlFrame html={result.text} />
      ) : result.format === 'zpl' && result.printer ? (
        <PrinterView
          printer={result.printer}
          designUrl={result.imageUrl}
          dpi={zplDpi}
          darkness={darkness}
          shift={shift}
        />
      ) : (
        result.imageUrl && (
          <img
            className="preview-image"
            src={result.imageUrl}
            alt={result.format === 'png' ? 'Label preview (PNG)' : `Label preview (${formatName}, shown as PNG)`}
          />
        )
      )}
      {result.format === 'zpl' && result.text !== null && (
        <pre className="preview-zpl code" tabIndex={0} aria-label="ZPL code">
          {result.text}
        </pre>
      )}
      {result.warnings.length > 0 && (
        <div className="warnings">
          <h3 className="panel-subtitle">Warnings</h3>
          <ul>
            {result.warnings.map((warning, index) => (
              <li key={index}>
                <code>{warning.code}</code> {warning.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
