// Test helper: a real redis-server (Debian's) per test file on a loopback port in a temporary directory, nothing persisted, which a test may stop and start again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort';
import { perFileServer } from './perFileServer';

const REDIS_SERVER = process.env.LABELSMITH_REDIS_SERVER ?? '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  /** Stops redis-server (what it held is gone: no persistence) until resume(). */
  pause(): Promise<void>;
  /** Starts it again on the same port. */
  resume(): Promise<void>;
  /** Stops it for good and removes its directory (after the file's tests). */
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
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function startServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const resume = async (): Promise<void> => {
    const started = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child = started;
    for (let tries = 0; !(await answersPing(port)); tries += 1) {
      if (tries > 100 || started.exitCode !== null) {
        started.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}`);
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
  await resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    pause,
    resume,
    stop: async () => {
      await pause();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** This file's redis-server, started on first use and stopped after the file's tests. */
export const redisServer = perFileServer(startServer);

/** The URL of this file's Redis. */
export async function redisUrl(): Promise<string> {
  return (await redisServer()).url;
}
