// Shown when /api/session answers 401: the page must be opened through the admin link the CLI prints.
import { loadSession } from './loadSession';

export function SignInRequired({ message }: { message: string }) {
  return (
    <main className="center-page" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" tabIndex={-1} data-focus-fallback>
        Open Labelsmith with your admin link
      </h1>
      <p>This browser is not signed in to the Labelsmith editor.</p>
      <ol>
        <li>
          On the computer running Labelsmith, run <code>labelsmith admin-url</code> (with the same{' '}
          <code>--data-dir</code> and <code>--port</code> as <code>labelsmith serve</code>).
        </li>
        <li>Open the link it prints in this browser. It signs the browser in and brings you back here.</li>
      </ol>
      <p className="muted">
        The link holds the admin token: do not share it. The server said: <q>{message}</q>
      </p>
      <button type="button" onClick={() => void loadSession()}>
        Try again
      </button>
    </main>
  );
}
