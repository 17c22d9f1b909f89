import { afterEach, describe, expect, it } from 'vitest';
import { fakeLp as makeFakeLp, type FakeLp } from '../../test/support/printing/fakeLp';
import { printToQueue } from './systemQueuePrinter';

const fakes: FakeLp[] = [];
afterEach(() => {
  for (const fake of fakes.splice(0)) fake.remove();
});

/** A fake lp removed after the test; `tail` is its exit. */
function fakeLp(tail: string): FakeLp {
  const fake = makeFakeLp(tail);
  fakes.push(fake);
  return fake;
}

describe('printToQueue', () => {
  it('runs lp -d QUEUE with the document on stdin and returns the request id', async () => {
    const fake = fakeLp('echo "request id is Office-17 (1 file(s))"; exit 0');
    const pdf = Buffer.from('%PDF-1.7 fake document\n');
    await expect(printToQueue({ queue: 'Office', rawQueue: false }, pdf, { lpCommand: fake.path })).resolves.toEqual({
      requestId: 'Office-17',
    });
    expect(fake.args()).toEqual([['-d', 'Office']]);
    expect(fake.jobs()[0]?.equals(pdf)).toBe(true);
  });

  it('adds -o raw for a raw queue', async () => {
    const fake = fakeLp('exit 0');
    await expect(
      printToQueue({ queue: 'Zebra_raw', rawQueue: true }, Buffer.from('^XA^XZ'), { lpCommand: fake.path }),
    ).resolves.toEqual({ requestId: undefined });
    expect(fake.args()).toEqual([['-d', 'Zebra_raw', '-o', 'raw']]);
    expect(fake.jobs()[0]?.toString()).toBe('^XA^XZ');
  });

  it("reports lp's exit code and what it said", async () => {
    const fake = fakeLp('echo "lp: The printer or class does not exist." >&2; exit 1');
    await expect(
      printToQueue({ queue: 'Nope', rawQueue: false }, Buffer.from('x'), { lpCommand: fake.path }),
    ).rejects.toMatchObject({
      reason: 'rejected',
      message: `${fake.path} -d Nope exited with code 1: lp: The printer or class does not exist.`,
    });
  });

  it('says so when lp is not installed', async () => {
    await expect(
      printToQueue({ queue: 'Q', rawQueue: false }, Buffer.from('x'), { lpCommand: '/nonexistent/lp' }),
    ).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/"\/nonexistent\/lp" was not found/),
    });
  });

  it('kills an lp that hangs', async () => {
    const fake = fakeLp('sleep 30');
    await expect(
      printToQueue({ queue: 'Q', rawQueue: false }, Buffer.from('x'), { lpCommand: fake.path, timeoutMs: 200 }),
    ).rejects.toMatchObject({ reason: 'timeout' });
  });
});
