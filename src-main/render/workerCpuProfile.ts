// `npm run profile`'s hook in a render worker: with LABELSMITH_WORKER_CPU_PROFILE set to a folder, the worker runs V8's CPU profiler and writes what it holds there when asked (SIGUSR2 to a process, a message on a broadcast channel to a thread).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { BroadcastChannel, threadId } from 'node:worker_threads';

export const WORKER_CPU_PROFILE_ENV = 'LABELSMITH_WORKER_CPU_PROFILE';
/** The channel a render thread listens on for "cut": threads get no signals, but share the process's channels. */
export const WORKER_CPU_PROFILE_CHANNEL = 'labelsmith-worker-cpu-profile';

/**
 * Why not --cpu-prof: Node writes that profile only at a clean exit, and the pool ends its workers with SIGKILL (or a
 * thread's terminate()); nor is it allowed in NODE_OPTIONS. Each cut writes the samples since the previous one and
 * starts the profiler again, so the profiler can take one profile per format out of a live worker: a process on
 * SIGUSR2 (`<pid>-<n>.cpuprofile`), a thread on a message on WORKER_CPU_PROFILE_CHANNEL (`thread-<id>-<n>.cpuprofile`).
 */
export async function startWorkerCpuProfile(kind: 'process' | 'thread'): Promise<void> {
  const dir = process.env[WORKER_CPU_PROFILE_ENV];
  if (dir === undefined || dir === '') return;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 100 µs, ten times V8's default: a zpl render is about a millisecond of the worker's time.
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  let count = 0;
  const name = kind === 'process' ? `${process.pid}` : `thread-${threadId}`;
  const cut = (): void => {
    void (async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `${name}-${count++}.cpuprofile`), JSON.stringify(profile));
      await session.post('Profiler.start');
    })();
  };
  if (kind === 'process') {
    process.on('SIGUSR2', cut);
    return;
  }
  const channel = new BroadcastChannel(WORKER_CPU_PROFILE_CHANNEL);
  channel.onmessage = cut;
  // The thread lives as long as the pool keeps it, not as long as this channel.
  channel.unref();
}
