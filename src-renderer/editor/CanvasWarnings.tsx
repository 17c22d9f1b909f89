// The canvas's warnings panel: a button with their count that opens the list; a click on one selects its element(s).
import { useId, useState } from 'react';
import { editorStore, useEditorStore } from '../store';
import { issueElementIds } from './layoutIssues';
import { WarningList } from './WarningList';

export function CanvasWarnings() {
  const { stale, issues } = useEditorStore((state) => state.layoutIssues);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const warnings = stale
    ? []
    : issues
        .filter((issue) => issue.kind === 'warning')
        .map((issue) => ({ message: issue.message, elementIds: issueElementIds(issue) }));
  if (warnings.length === 0) return null;
  return (
    <div className="canvas-warnings">
      <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {open ? 'Hide warnings' : `Warnings (${warnings.length})`}
      </button>
      {open && (
        <div id={listId}>
          <WarningList
            warnings={warnings}
            label="Design warnings"
            onSelect={(ids) => editorStore.getState().select(ids)}
          />
        </div>
      )}
    </div>
  );
}
