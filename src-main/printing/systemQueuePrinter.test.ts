import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { printToQueue } from './systemQueuePrinter';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An executable standing in for lp: records its arguments and stdin in the folder, then runs `tail` (the exit). */
function fakeLp(tail: string): { lp: string; args: () => string[]; stdin: () => Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-lp-'));
  dirs.push(dir);
  const lp = join(dir, 'lp');
  writeFileSync(lp, `#!/bin/sh\nfor arg in "$@"; do printf '%s\\n' "$arg"; done > "${dir}/args"\ncat > "${dir}/stdin"\n${tail}\n`);
  chmodSync(lp, 0o755);
  return { lp, args: () => readFileSync(join(dir, 'args'), 'utf8').split('\n').slice(0, -1), stdin: () => readFileSync(join(dir, 'stdin')) };
}

describe('printToQueue', () => {
  it('runs lp -d QUEUE with the document on stdin and returns the request id', async () => {
    const fake = fakeLp('echo "request id is Office-17 (1 file(s))"; exit 0');
    const pdf = Buffer.from('%PDF-1.7 fake document\n');
    await expect(printToQueue({ queue: 'Office', rawQueue: false }, pdf, { lpCommand: fake.lp })).resolves.toEqual({ requestId: 'Office-17' });
    expect(fake.args()).toEqual(['-d', 'Office']);
    expect(fake.stdin().equals(pdf)).toBe(true);
  });

  it('adds -o raw for a raw queue', async () => {
    const fake = fakeLp('exit 0');
    await expect(printToQueue({ queue: 'Zebra_raw', rawQueue: true }, Buffer.from('^XA^XZ'), { lpCommand: fake.lp })).resolves.toEqual({ requestId: undefined });
    expect(fake.args()).toEqual(['-d', 'Zebra_raw', '-o', 'raw']);
    expect(fake.stdin().toString()).toBe('^XA^XZ');
  });

  it("reports lp's exit code and what it said", async () => {
    const fake = fakeLp('echo "lp: The printer or class does not exist." >&2; exit 1');
    await expect(printToQueue({ queue: 'Nope', rawQueue: false }, Buffer.from('x'), { lpCommand: fake.lp })).rejects.toMatchObject({
      reason: 'rejected',
      message: `${fake.lp} -d Nope exited with code 1: lp: The printer or class does not exist.`,
    });
  });

  it('says so when lp is not installed', async () => {
    await expect(printToQueue({ queue: 'Q', rawQueue: false }, Buffer.from('x'), { lpCommand: '/nonexistent/lp' })).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/"\/nonexistent\/lp" was not found/),
    });
  });

  it('kills an lp that hangs', async () => {
    const fake = fakeLp('sleep 30');
    await expect(printToQueue({ queue: 'Q', rawQueue: false }, Buffer.from('x'), { lpCommand: fake.lp, timeoutMs: 200 })).rejects.toMatchObject({ reason: 'timeout' });
  });
});
