// `npm run profile`'s hook in a render worker: with LABELSMITH_WORKER_CPU_PROFILE set to a folder, the worker runs V8's CPU profiler and writes what it holds there on SIGUSR2.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

export const WORKER_CPU_PROFILE_ENV = 'LABELSMITH_WORKER_CPU_PROFILE';

/**
 * Why not --cpu-prof: Node writes that profile only at a clean exit, and the pool ends its workers with SIGKILL; nor
 * is it allowed in NODE_OPTIONS. A signal lets the profiler cut one profile per format out of a live worker: each
 * SIGUSR2 writes `<pid>-<n>.cpuprofile` (the samples since the previous one) and starts the profiler again.
 */
export async function startWorkerCpuProfile(): Promise<void> {
  const dir = process.env[WORKER_CPU_PROFILE_ENV];
  if (dir === undefined || dir === '') return;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 100 µs, ten times V8's default: a zpl render is about a millisecond of the worker's time.
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  let count = 0;
  process.on('SIGUSR2', () => {
    void (async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `${process.pid}-${count++}.cpuprofile`), JSON.stringify(profile));
      await session.post('Profiler.start');
    })();
  });
}
