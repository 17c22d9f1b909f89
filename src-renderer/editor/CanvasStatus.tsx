// A line over the canvas's foot when the layout has problems: invalid template (the canvas shows the last valid one), failures, warnings.
import { useEditorStore } from '../store';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function CanvasStatus() {
  const { stale, issues } = useEditorStore((state) => state.layoutIssues);
  const errors = issues.filter((issue) => issue.kind === 'error');
  const warnings = issues.length - errors.length;
  const first = errors[0];
  let text = '';
  if (stale) text = `The label has ${plural(errors.length, 'problem')}; the canvas shows it as it last was valid.`;
  else if (errors.length > 0) text = `${plural(errors.length, 'element')} cannot be drawn with this record.`;
  else if (warnings > 0) text = `${plural(warnings, 'warning')}: the marked elements, or Warnings above, show them.`;
  const detail = first
    ? ` ${first.elementId ? `“${first.elementId}”` : (first.path ?? 'Label')}: ${first.message}`
    : '';
  return (
    <p
      role="status"
      className={text ? (errors.length > 0 ? 'canvas-status error' : 'canvas-status') : 'canvas-status empty'}
    >
      {text}
      {detail}
    </p>
  );
}
