// The window's client: same origin as the page, and a 401 from any call sends the app to its sign-in screen.
import { editorStore } from '../store';
import { createEditorClient } from './editorClient';

export const client = createEditorClient({
  onAuthRequired: (error) => editorStore.getState().setSession({ status: 'signedOut', message: error.message }),
});
