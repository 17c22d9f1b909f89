// Test helper: a server (PostgreSQL, Redis, S3) shared by one test file's tests: started on first use, stopped after them.
import { afterEveryFile } from '../fileHooks';

/** Returns the getter of the file's server; `start` runs at the first call only. */
export function perFileServer<T extends { stop(): Promise<void> }>(start: () => Promise<T>): () => Promise<T> {
  let server: Promise<T> | undefined;
  afterEveryFile(async () => {
    const running = server;
    server = undefined;
    if (running) await (await running).stop();
  });
  return () => (server ??= start());
}
