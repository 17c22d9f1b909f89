// Shown when there is no editor API to talk to: the server is not running (or stopped), or the page was opened from a file.
import { loadSession } from './loadSession';

export function ServerUnreachable({ message }: { message: string }) {
  // In the desktop app the server runs inside the app itself, so the advice for the browser would not apply.
  const advice = window.labelsmith ? (
    <>The editor lost its connection to the server inside the app: restart Labelsmith.</>
  ) : (
    <>
      The editor needs the Labelsmith server: start it with <code>labelsmith serve</code> and open the link{' '}
      <code>labelsmith admin-url</code> prints.
    </>
  );
  return (
    <main className="center-page" aria-labelledby="unreachable-title">
      <h1 id="unreachable-title" tabIndex={-1} data-focus-fallback>
        Labelsmith
      </h1>
      <p role="status">
        {advice} ({message})
      </p>
      <button type="button" onClick={() => void loadSession()}>
        Try again
      </button>
    </main>
  );
}
