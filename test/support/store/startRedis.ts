// Starts a real redis-server (Debian's) on a loopback port in a temporary directory, nothing persisted, which may be stopped and started again: the core of the tests' Redis and the bench's, free of any test runner.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server/freePort';

const REDIS_SERVER = process.env.LABELSMITH_REDIS_SERVER ?? '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  /** Stops redis-server (what it held is gone: no persistence) until resume(). */
  pause(): Promise<void>;
  /** Starts it again on the same port. */
  resume(): Promise<void>;
  /** Stops it for good and removes its directory. */
  stop(): Promise<void>;
}

/** Resolves once the server answers PING with +PONG. */
async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data: Buffer) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const resume = async (): Promise<void> => {
    const started = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    // A missing program is an 'error' event, not an exception: without a listener it would end the whole process.
    let failure: Error | undefined;
    started.once('error', (error) => (failure = error));
    for (let tries = 0; !(await answersPing(port)); tries += 1) {
      if (tries > 100 || started.exitCode !== null || failure !== undefined) {
        started.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}${failure ? `: ${failure.message}` : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const pause = async (): Promise<void> => {
    const stopping = child;
    child = undefined;
    if (stopping === undefined) return;
    stopping.kill('SIGTERM');
    await exited(stopping);
  };
  const stop = async (): Promise<void> => {
    await pause();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await resume();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, pause, resume, stop };
}
