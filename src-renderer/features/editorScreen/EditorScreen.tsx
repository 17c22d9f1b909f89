// The editor page: document bar, toolbar, the canvas with rulers, and the side panel; opened for one template id.
import { useEffect } from 'react';
import { useFonts } from '../../shell/fonts';
import { CanvasArea } from '../../editor/CanvasArea';
import { EditorToolbar } from '../../editor/toolbar/EditorToolbar';
import { editorStore, selectIsDirty } from '../../store';
import { DocumentBar } from './DocumentBar';
import { saveDocument } from './documentActions';
import { SidePanel } from './SidePanel';
import { useOpenTemplate } from './useOpenTemplate';

/** Ctrl+S (Cmd+S) saves from anywhere in the editor, fields included; the browser's "save page" is never wanted here. */
function useSaveShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      void saveDocument();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The browser asks before a reload or tab close loses unsaved changes. */
function useUnsavedWarning(): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (selectIsDirty(editorStore.getState())) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}

function OpenFailed({ message, notFound }: { message: string; notFound: boolean }) {
  return (
    <main className="center-page" aria-labelledby="open-failed-title">
      <h1 id="open-failed-title" tabIndex={-1} data-focus-fallback>
        {notFound ? 'This template does not exist' : 'The template could not be opened'}
      </h1>
      <p role="alert">{message}</p>
      <p>
        <a href="#/">Back to the templates</a>
      </p>
    </main>
  );
}

export function EditorScreen({ templateId }: { templateId: string }) {
  const fonts = useFonts();
  const opened = useOpenTemplate(templateId);
  useSaveShortcut();
  useUnsavedWarning();
  if (opened.status === 'error') return <OpenFailed message={opened.message} notFound={opened.notFound} />;
  if (fonts.status === 'failed')
    return <OpenFailed message={`The fonts for the canvas could not be loaded: ${fonts.message}`} notFound={false} />;
  if (opened.status === 'loading' || fonts.status === 'loading') {
    return (
      <p role="status" className="center-page">
        Opening the template…
      </p>
    );
  }
  return (
    <div className="editor-screen">
      <DocumentBar />
      <EditorToolbar />
      <div className="editor-body">
        <main className="canvas-column" aria-label="Canvas">
          <CanvasArea fonts={fonts.fonts} />
        </main>
        <SidePanel />
      </div>
    </div>
  );
}
