// One template in the gallery: its picture, name, size, status, and what can be done with it.
import { useId } from 'react';
import type { EditorTemplateSummary } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { routeHref } from '../../shell/routes';
import { StatusBadge } from '../../ui/StatusBadge';

export interface TemplateActions {
  duplicate(template: EditorTemplateSummary): void;
  rename(template: EditorTemplateSummary): void;
  remove(template: EditorTemplateSummary): void;
  toggleStatus(template: EditorTemplateSummary): void;
  exportJson(template: EditorTemplateSummary): void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function TemplateCard({ template, actions }: { template: EditorTemplateSummary; actions: TemplateActions }) {
  const nameId = useId();
  const href = routeHref({ page: 'editor', templateId: template.id });
  const published = template.status === 'published';
  return (
    <article className="template-card" aria-labelledby={nameId}>
      <a className="thumbnail" href={href} tabIndex={-1} aria-hidden="true">
        <img src={client.thumbnailUrl(template.id, template.updatedAt)} alt="" loading="lazy" />
      </a>
      <div className="template-card-body">
        <h2 id={nameId} className="template-name">
          <a href={href}>{template.name}</a>
        </h2>
        <p className="template-meta">
          <StatusBadge status={template.status} />
          <span>
            {template.dimensions.width} × {template.dimensions.height}
          </span>
          {template.librarySlug && <span className="library-tag">Library: {template.librarySlug}</span>}
        </p>
        <p className="template-meta muted">Updated {dateFormat.format(template.updatedAt)}</p>
        <div className="card-actions" role="group" aria-label={`Actions for ${template.name}`}>
          <a className="button" href={href}>
            Open
          </a>
          <button type="button" onClick={() => actions.duplicate(template)}>
            Duplicate
          </button>
          <button type="button" onClick={() => actions.rename(template)}>
            Rename
          </button>
          <button type="button" onClick={() => actions.toggleStatus(template)}>
            {published ? 'Unpublish' : 'Publish'}
          </button>
          <button type="button" onClick={() => actions.exportJson(template)}>
            Export JSON
          </button>
          <button type="button" className="danger" onClick={() => actions.remove(template)}>
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
