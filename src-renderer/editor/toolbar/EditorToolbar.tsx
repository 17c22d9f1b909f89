// The editing toolbar under the document bar: insert, history, view, and arrange when something is selected.
import { editorStore } from '../../store';
import { Toolbar } from '../../ui/Toolbar';
import { ArrangeTools } from './ArrangeTools';
import { HistoryTools } from './HistoryTools';
import { InsertTools } from './InsertTools';
import { ViewTools } from './ViewTools';

export function EditorToolbar() {
  return (
    <Toolbar label="Editing tools" className="editor-toolbar">
      <span className="toolbar-group" role="group" aria-label="Insert">
        <InsertTools />
      </span>
      <span className="toolbar-group" role="group" aria-label="History">
        <HistoryTools />
      </span>
      <span className="toolbar-group" role="group" aria-label="View">
        <ViewTools />
      </span>
      <ArrangeTools getState={editorStore.getState} />
    </Toolbar>
  );
}
