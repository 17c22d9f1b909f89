// What the gallery's buttons do: each calls the server, says how it went, and refreshes the list.
import { useMemo } from 'react';
import type { EditorTemplateSummary } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { saveTemplateFile, savedNotice } from '../../api/fileTransfer';
import { editorStore } from '../../store';

export interface GalleryOperations {
  duplicate(template: EditorTemplateSummary): Promise<void>;
  rename(template: EditorTemplateSummary, name: string): Promise<void>;
  remove(template: EditorTemplateSummary): Promise<void>;
  toggleStatus(template: EditorTemplateSummary): Promise<void>;
  exportJson(template: EditorTemplateSummary): Promise<void>;
}

/** Runs one operation: a notice on success or failure, the list reloaded either way (it may have changed meanwhile). */
async function run(action: () => Promise<string | undefined>, failure: string, reload: () => void): Promise<void> {
  const { showNotice } = editorStore.getState();
  try {
    const done = await action();
    if (done) showNotice('info', done);
  } catch (error) {
    showNotice('error', `${failure}: ${describeError(error)}`);
  } finally {
    reload();
  }
}

export function useGalleryActions(reload: () => void): GalleryOperations {
  return useMemo(
    () => ({
      duplicate: (template) =>
        run(
          async () => `Duplicated as “${(await client.duplicateTemplate(template.id)).name}”.`,
          `Could not duplicate “${template.name}”`,
          reload,
        ),
      rename: (template, name) =>
        run(
          async () => `Renamed to “${(await client.renameTemplate(template.id, name)).name}”.`,
          'Could not rename',
          reload,
        ),
      remove: (template) =>
        run(
          async () => {
            await client.deleteTemplate(template.id);
            return `Deleted “${template.name}”.`;
          },
          `Could not delete “${template.name}”`,
          reload,
        ),
      toggleStatus: (template) =>
        run(
          async () => {
            const next = template.status === 'published' ? 'draft' : 'published';
            await client.setTemplateStatus(template.id, next);
            return next === 'published'
              ? `Published “${template.name}”: API keys can render it now.`
              : `“${template.name}” is a draft again.`;
          },
          `Could not change “${template.name}”`,
          reload,
        ),
      exportJson: (template) =>
        run(
          async () => {
            const file = await client.exportTemplate(template.id);
            return savedNotice(await saveTemplateFile(file.fileName, file.blob), `“${template.name}”`);
          },
          `Could not export “${template.name}”`,
          () => undefined,
        ),
    }),
    [reload],
  );
}
