// The reader's warnings, each naming its command and position; choosing one selects that place in the ZPL text.
import type { ZplWarning } from '@shared/read/zpl/zplField';

export function ZplWarningList({
  warnings,
  onSelect,
}: {
  warnings: ZplWarning[];
  onSelect(warning: ZplWarning): void;
}) {
  return (
    <section className="zpl-warnings" aria-labelledby="zpl-warnings-title">
      <h2 id="zpl-warnings-title">Warnings ({warnings.length})</h2>
      {warnings.length === 0 ? (
        <p className="hint">None: every command was read.</p>
      ) : (
        <ul aria-label="Warnings">
          {warnings.map((warning, index) => (
            <li key={index}>
              <button type="button" className="link-button" onClick={() => onSelect(warning)}>
                <code>{warning.command || 'input'}</code> at {warning.position}
              </button>
              : {warning.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
