// Test helper: a real redis-server (Debian's) per test file on a loopback port in a temporary directory, nothing persisted, stopped after the file's tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort';
import { perFileServer } from './perFileServer';

const REDIS_SERVER = process.env.LABELSMITH_REDIS_SERVER ?? '/usr/bin/redis-server';

interface RedisServer {
  url: string;
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

async function startServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-redis-'));
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; !(await answersPing(port)); tries += 1) {
    if (tries > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const redisServer = perFileServer(startServer);

/** The URL of this file's Redis (started on first use, stopped after the file's tests). */
export async function redisUrl(): Promise<string> {
  return (await redisServer()).url;
}
