// "Import JSON": a template file picked from disk becomes a new draft (the server checks it like any template).
import { useRef } from 'react';
import type { EditorTemplate } from '../../../src-shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';

/** The parsed file, or an error message a person can act on. */
export function parseTemplateFile(text: string, fileName: string): { content: unknown } | { error: string } {
  try {
    return { content: JSON.parse(text) };
  } catch (error) {
    return { error: `${fileName} is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function ImportButton({ onImported }: { onImported(template: EditorTemplate): void }) {
  const input = useRef<HTMLInputElement>(null);
  const importFile = async (file: File) => {
    const { showNotice } = editorStore.getState();
    const parsed = parseTemplateFile(await file.text(), file.name);
    if ('error' in parsed) {
      showNotice('error', parsed.error);
      return;
    }
    try {
      const template = await client.importTemplate(parsed.content);
      showNotice('info', `Imported “${template.name}”.`);
      onImported(template);
    } catch (error) {
      showNotice('error', `Could not import ${file.name}: ${describeError(error)}`);
    }
  };
  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        Import JSON
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Template file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
    </>
  );
}
