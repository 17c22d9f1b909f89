// The desktop File menu's commands carried out in the page, as menuAction decides for the page showing.
import { useEffect } from 'react';
import { client } from '../api/appClient';
import { describeError } from '../api/apiError';
import { saveTemplateFile, savedNotice } from '../api/fileTransfer';
import { editorStore, selectIsDirty } from '../store';
import { menuAction, type MenuAction } from './menuAction';
import { navigate, parseRoute } from './routes';

// The editor's and the gallery's actions come with their pages' chunks, fetched here only when a command needs one.
const saveDocument = async (): Promise<boolean> =>
  (await import('../features/editorScreen/documentActions')).saveDocument();

/** Saves first when there are changes, so the file holds what is on screen, then saves the server's export of it. */
async function exportOpenTemplate(templateId: string): Promise<void> {
  const { showNotice } = editorStore.getState();
  if (selectIsDirty(editorStore.getState()) && !(await saveDocument())) return;
  try {
    const file = await client.exportTemplate(templateId);
    const notice = savedNotice(await saveTemplateFile(file.fileName, file.blob), 'the template');
    if (notice) showNotice('info', notice);
  } catch (error) {
    showNotice('error', `Not exported: ${describeError(error)}`);
  }
}

function run(action: MenuAction): void {
  const state = editorStore.getState();
  switch (action.kind) {
    case 'newLabel':
      state.requestNewLabel(true);
      navigate({ page: 'gallery' });
      return;
    case 'importTemplateFile':
      void import('../features/gallery/ImportButton').then(({ importTemplateFile }) =>
        importTemplateFile((template) => navigate({ page: 'editor', templateId: template.id })),
      );
      return;
    case 'save':
      void saveDocument();
      return;
    case 'exportTemplateFile':
      void exportOpenTemplate(action.templateId);
      return;
    case 'showPreview':
      state.setSidePanel('preview');
      return;
    case 'notice':
      state.showNotice('info', action.message);
  }
}

/** In the desktop app: carries out the File menu's commands for as long as the page is signed in. */
export function useMenuCommands(active: boolean): void {
  useEffect(() => {
    const bridge = window.labelsmith;
    if (!active || !bridge) return;
    return bridge.onMenuCommand((command) =>
      run(menuAction(command, parseRoute(window.location.hash), selectIsDirty(editorStore.getState()))),
    );
  }, [active]);
}
