// Shown when there is no editor API to talk to: the server is not running, or the page was opened from a file.
import { SamplePreview } from '../features/samplePreview/SamplePreview';
import { loadSession } from './loadSession';

export function ServerUnreachable({ message }: { message: string }) {
  const bridge = window.labelsmith;
  return (
    <main className="center-page sample-page" aria-labelledby="unreachable-title">
      <h1 id="unreachable-title" tabIndex={-1} data-focus-fallback>
        Labelsmith
      </h1>
      <p role="status">
        The editor needs the Labelsmith server: start it with <code>labelsmith serve</code> and open the link <code>labelsmith admin-url</code>{' '}
        prints. ({message})
      </p>
      <button type="button" onClick={() => void loadSession()}>
        Try again
      </button>
      {bridge && <SamplePreview bridge={bridge} />}
    </main>
  );
}
