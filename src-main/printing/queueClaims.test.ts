import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isAbandoned, newClaimOwner } from './queueClaims';

const LEASE = 30_000;

async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? -1;
}

describe('claims', () => {
  it('give each queue its own token, with this process and host', () => {
    const [a, b] = [newClaimOwner(), newClaimOwner()];
    expect(a).toMatchObject({ pid: process.pid, host: hostname() });
    expect(a.token).not.toBe(b.token);
  });

  it('are abandoned at once when their process on this host is gone, after the lease otherwise', async () => {
    const now = Date.now();
    const live = { token: 't', pid: process.pid, host: hostname(), heartbeatAt: now };
    expect(isAbandoned(live, now + LEASE, LEASE)).toBe(false);
    expect(isAbandoned(live, now + LEASE + 1, LEASE)).toBe(true);
    expect(isAbandoned({ ...live, pid: await exitedPid() }, now, LEASE)).toBe(true);
    // A process on another host cannot be asked: only its heartbeat tells.
    const remote = { ...live, pid: await exitedPid(), host: `not-${hostname()}` };
    expect(isAbandoned(remote, now + 1000, LEASE)).toBe(false);
    expect(isAbandoned(remote, now + LEASE + 1, LEASE)).toBe(true);
  });
});
