// Undo and redo, disabled when there is nothing to step to (or a drag is still running).
import { selectCanRedo, selectCanUndo, useEditorStore } from '../../store';

export function HistoryTools() {
  const canUndo = useEditorStore(selectCanUndo);
  const canRedo = useEditorStore(selectCanRedo);
  const undo = useEditorStore((state) => state.undo);
  const redo = useEditorStore((state) => state.redo);
  return (
    <>
      <button type="button" onClick={undo} disabled={!canUndo} title="Undo (Ctrl+Z)" aria-keyshortcuts="Control+Z">
        Undo
      </button>
      <button
        type="button"
        onClick={redo}
        disabled={!canRedo}
        title="Redo (Ctrl+Shift+Z)"
        aria-keyshortcuts="Control+Shift+Z"
      >
        Redo
      </button>
    </>
  );
}
