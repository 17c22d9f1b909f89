// One library: its templates (each can be taken out) and a workspace template to add.
import { useId, useState } from 'react';
import type { EditorLibrary, EditorTemplateSummary } from '@shared/api/editorApi';
import { StatusBadge } from '../../ui/StatusBadge';

export interface LibraryCardProps {
  library: EditorLibrary;
  /** The workspace's templates, for "Add template". */
  templates: readonly EditorTemplateSummary[];
  onAdd(library: EditorLibrary, template: EditorTemplateSummary): void;
  onRemove(library: EditorLibrary, templateId: string, templateName: string): void;
}

export function LibraryCard({ library, templates, onAdd, onRemove }: LibraryCardProps) {
  const selectId = useId();
  const titleId = useId();
  const [chosen, setChosen] = useState('');
  const addable = templates.filter((template) => template.librarySlug !== library.slug);
  const template = addable.find((item) => item.id === chosen);
  return (
    <article className="library-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {library.name} <code className="muted">{library.slug}</code>
      </h3>
      {library.templates.length === 0 ? (
        <p className="muted">No templates in this library.</p>
      ) : (
        <ul className="library-templates">
          {library.templates.map((item) => (
            <li key={item.id}>
              <span>{item.name}</span> <code className="muted">{`${library.slug}:${item.slug}`}</code>{' '}
              <StatusBadge status={item.status} />
              <button
                type="button"
                aria-label={`Remove ${item.name} from ${library.name}`}
                onClick={() => onRemove(library, item.id, item.name)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${selectId}-1`}>Template to add to {library.name}</label>
          <select id={`${selectId}-1`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">Choose a template…</option>
            {addable.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
                {item.librarySlug ? ` (now in ${item.librarySlug})` : ''}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          disabled={!template}
          onClick={() => {
            if (template) onAdd(library, template);
            setChosen('');
          }}
        >
          Add template
        </button>
      </div>
    </article>
  );
}
