// Asks the server who we are at start: signed in, not signed in (401: open the admin link), or no server at all.
import { client } from '../api/appClient';
import { EditorApiError } from '../api/apiError';
import { editorStore } from '../store';

export async function loadSession(): Promise<void> {
  const { setSession } = editorStore.getState();
  try {
    setSession({ status: 'signedIn', session: await client.getSession() });
  } catch (error) {
    if (error instanceof EditorApiError && error.status === 401)
      setSession({ status: 'signedOut', message: error.message });
    else setSession({ status: 'unreachable', message: error instanceof Error ? error.message : String(error) });
  }
}
