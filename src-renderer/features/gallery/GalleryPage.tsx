// The workspace's templates: search, sort, a card per template with its actions, "New label", "Import JSON" and "Import ZPL…".
import { useEffect, useState, useId } from 'react';
import type { EditorTemplateSummary } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { SORTS, type TemplateSort } from '../../api/apiConstants';
import { useEditorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useDebounced, useLoader } from '../../ui/useLoader';
import { ImportZplDialog } from '../zplViewer/ImportZplDialog';
import { ImportButton } from './ImportButton';
import { NewLabelDialog } from './NewLabelDialog';
import { RenameDialog } from './RenameDialog';
import { TemplateCard, type TemplateActions } from './TemplateCard';
import { useGalleryActions } from './useGalleryActions';

const SORT_LABELS: Record<TemplateSort, string> = { name: 'Name', updated: 'Last updated', created: 'Newest' };

type OpenDialog =
  | { kind: 'new' }
  | { kind: 'importZpl' }
  | { kind: 'rename'; template: EditorTemplateSummary }
  | { kind: 'delete'; template: EditorTemplateSummary }
  | null;

export function GalleryPage() {
  const selectId = useId();
  const { search, sort } = useEditorStore((state) => state.gallery);
  const setGalleryQuery = useEditorStore((state) => state.setGalleryQuery);
  const settledSearch = useDebounced(search, 200);
  const list = useLoader(() => client.listTemplates({ search: settledSearch, sort }), `${settledSearch}\n${sort}`);
  const operations = useGalleryActions(list.reload);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const newLabelRequested = useEditorStore((state) => state.newLabelRequested);
  const requestNewLabel = useEditorStore((state) => state.requestNewLabel);
  useEffect(() => {
    if (!newLabelRequested) return;
    requestNewLabel(false);
    setDialog({ kind: 'new' });
  }, [newLabelRequested, requestNewLabel]);

  const actions: TemplateActions = {
    duplicate: (template) => void operations.duplicate(template),
    rename: (template) => setDialog({ kind: 'rename', template }),
    remove: (template) => setDialog({ kind: 'delete', template }),
    toggleStatus: (template) => void operations.toggleStatus(template),
    exportJson: (template) => void operations.exportJson(template),
  };
  const templates = list.data ?? [];

  return (
    <main className="page gallery" aria-labelledby="gallery-title">
      <div className="page-head">
        <h1 id="gallery-title" tabIndex={-1} data-focus-fallback>
          Templates
        </h1>
        <div className="gallery-controls">
          <label className="inline-field">
            <span>Search templates</span>
            <input
              type="search"
              value={search}
              onChange={(event) => setGalleryQuery({ search: event.target.value })}
              placeholder="Name, tag, description"
            />
          </label>
          <div className="inline-field">
            <label htmlFor={`${selectId}-1`}>Sort by</label>
            <select
              id={`${selectId}-1`}
              value={sort}
              onChange={(event) => setGalleryQuery({ sort: event.target.value as TemplateSort })}
            >
              {SORTS.map((option) => (
                <option key={option} value={option}>
                  {SORT_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          <ImportButton onImported={list.reload} />
          <button type="button" onClick={() => setDialog({ kind: 'importZpl' })}>
            Import ZPL…
          </button>
          <button type="button" className="primary" onClick={() => setDialog({ kind: 'new' })}>
            New label
          </button>
        </div>
      </div>
      {list.error && (
        <p role="alert" className="error-text">
          Could not load the templates: {list.error}{' '}
          <button type="button" onClick={list.reload}>
            Retry
          </button>
        </p>
      )}
      <p role="status" className="visually-hidden">
        {list.loading ? 'Loading templates…' : `${templates.length} template${templates.length === 1 ? '' : 's'}`}
      </p>
      {templates.length > 0 ? (
        <ul className="template-grid" aria-label="Templates">
          {templates.map((template) => (
            <li key={template.id}>
              <TemplateCard template={template} actions={actions} />
            </li>
          ))}
        </ul>
      ) : (
        !list.loading &&
        !list.error && (
          <p className="empty-state">
            {settledSearch
              ? `No template matches “${settledSearch}”.`
              : 'No templates yet: start with “New label”, or import a template file with “Import JSON”.'}
          </p>
        )
      )}
      {dialog?.kind === 'new' && <NewLabelDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'importZpl' && <ImportZplDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && (
        <RenameDialog
          name={dialog.template.name}
          onCancel={() => setDialog(null)}
          onRename={(name) => {
            setDialog(null);
            void operations.rename(dialog.template, name);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete template?"
          message={`“${dialog.template.name}” will be deleted for good, and API calls that name it will fail. This cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            // The card (and its Delete button, where focus would return) goes away: the page heading takes the focus.
            void operations.remove(dialog.template).then(() => document.getElementById('gallery-title')?.focus());
          }}
        />
      )}
    </main>
  );
}
