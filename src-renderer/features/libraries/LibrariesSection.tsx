// Shared template libraries (super admin): create one, add a workspace template to it, take one out.
import { useState, type FormEvent } from 'react';
import type { EditorLibrary, EditorTemplateSummary } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { useLoader } from '../../ui/useLoader';
import { LibraryCard } from './LibraryCard';

/** A slug from a name, as the server would accept it (lower-case words joined by hyphens). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 64)
    .replace(/^-+|-+$/g, '');
}

export function LibrariesSection() {
  const libraries = useLoader(() => client.listLibraries(), 'libraries');
  const templates = useLoader(() => client.listTemplates({ sort: 'name' }), 'library-templates');
  const [name, setName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const shownSlug = slug ?? slugFromName(name);
  const reload = () => {
    libraries.reload();
    templates.reload();
  };
  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      editorStore.getState().showNotice('info', done);
    } catch (error) {
      editorStore.getState().showNotice('error', `${failed}: ${describeError(error)}`);
    } finally {
      reload();
    }
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    const library = { name: name.trim(), slug: shownSlug };
    void act(() => client.createLibrary(library), `Library “${library.name}” created.`, 'No library created').then(
      () => {
        setName('');
        setSlug(null);
      },
    );
  };
  const add = (library: EditorLibrary, template: EditorTemplateSummary) =>
    void act(
      () => client.addToLibrary(library.slug, template.id),
      `“${template.name}” is in ${library.name} now.`,
      'Not added',
    );
  const remove = (library: EditorLibrary, templateId: string, templateName: string) =>
    void act(
      () => client.removeFromLibrary(library.slug, templateId),
      `“${templateName}” taken out of ${library.name}.`,
      'Not removed',
    );
  return (
    <section className="settings-section" aria-labelledby="libraries-title">
      <h2 id="libraries-title">Libraries</h2>
      <p className="hint">
        Templates in a library can be rendered by every team as <code>library-slug:template-slug</code>, demo keys
        included. Only published ones render.
      </p>
      <form className="field-row" onSubmit={create} aria-label="Create a library">
        <label className="field">
          <span>Library name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} required />
        </label>
        <label className="field">
          <span>Library slug</span>
          <input
            value={shownSlug}
            onChange={(event) => setSlug(event.target.value)}
            maxLength={64}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            required
          />
        </label>
        <button type="submit" disabled={!name.trim() || !shownSlug}>
          Create library
        </button>
      </form>
      {libraries.error && (
        <p role="alert" className="error-text">
          Could not load the libraries: {libraries.error}
        </p>
      )}
      {libraries.data?.length === 0 && <p className="empty-state">No libraries yet.</p>}
      {libraries.data?.map((library) => (
        <LibraryCard
          key={library.slug}
          library={library}
          templates={templates.data ?? []}
          onAdd={add}
          onRemove={remove}
        />
      ))}
    </section>
  );
}
