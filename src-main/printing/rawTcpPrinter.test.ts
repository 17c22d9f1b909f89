import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PrinterError } from './printerError';
import { closedPort, fakePrinter } from '../../test/support/printing/printingTestSupport';
import { sendRaw } from './rawTcpPrinter';

describe('sendRaw', () => {
  it('delivers the bytes complete and exactly once, and resolves only after the printer has them all', async () => {
    const printer = await fakePrinter();
    const job = randomBytes(3 * 1024 * 1024);
    await sendRaw(printer, job);
    expect(printer.connections).toHaveLength(1);
    expect(printer.connections[0]?.ended).toBe(true);
    expect(printer.connections[0]?.bytes.equals(job)).toBe(true);
  });

  it('reports a refused connection at once, naming the address', async () => {
    const port = await closedPort();
    const started = Date.now();
    const error = await sendRaw({ host: '127.0.0.1', port }, Buffer.from('^XA^XZ')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrinterError);
    expect(error).toMatchObject({
      reason: 'unreachable',
      message: `connection refused by 127.0.0.1:${port}: is the printer on and listening on that port?`,
      publicMessage: 'connection refused by the printer: is the printer on and listening on that port?',
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails a job the printer cut off mid-way, saying how far it got', async () => {
    const printer = await fakePrinter();
    printer.closeAfterBytes(64 * 1024);
    const error = await sendRaw(printer, randomBytes(4 * 1024 * 1024)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrinterError);
    expect(error).toMatchObject({ reason: 'interrupted' });
    expect((error as Error).message).toMatch(/mid-job .*of 4194304 bytes sent/);
    expect(printer.connections[0]?.bytes.length).toBe(64 * 1024);
  });

  it('gives up on a printer that stops taking bytes, within the idle bound', async () => {
    const printer = await fakePrinter();
    printer.stall(true);
    const started = Date.now();
    const error = await sendRaw(printer, Buffer.alloc(64 * 1024 * 1024, 0x20), { idleTimeoutMs: 300 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      reason: 'timeout',
      message: expect.stringMatching(
        /^timed out after 0.3 s without progress sending to 127.0.0.1:\d+ \(\d+ of 67108864 bytes sent\)$/,
      ),
    });
    // What is reported as sent is what left this process, not what waits in its buffer.
    expect(Number(/\((\d+) of/.exec((error as Error).message)?.[1])).toBeLessThan(67108864);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
