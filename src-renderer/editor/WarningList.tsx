// A list of warnings, each naming its element(s); with `onSelect`, a warning is a button that selects them on the canvas.
export interface ListedWarning {
  message: string;
  /** The elements it is about (none: the label). */
  elementIds: string[];
  /** In a print of several records: the first record that shows it (1-based). */
  record?: number;
}

export function WarningList({
  warnings,
  label,
  onSelect,
}: {
  warnings: readonly ListedWarning[];
  label: string;
  onSelect?: (ids: string[]) => void;
}) {
  if (warnings.length === 0) return null;
  return (
    <ul className="warning-list" aria-label={label}>
      {warnings.map((warning, index) => {
        const text = `${warning.record === undefined ? '' : `Record ${warning.record}: `}${warning.message}`;
        return (
          <li key={index} className="problem-warning">
            {onSelect && warning.elementIds.length > 0 ? (
              <button type="button" className="link-button" onClick={() => onSelect(warning.elementIds)}>
                {text}
              </button>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
  );
}
