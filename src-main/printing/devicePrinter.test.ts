import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDevice, writeToDevice } from './devicePrinter';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-device-'));
  dirs.push(dir);
  return dir;
}

describe('writeToDevice', () => {
  it('writes each job to the device, in order', async () => {
    const device = join(tempDir(), 'lp0');
    writeFileSync(device, '');
    await writeToDevice(device, Buffer.from('^XA^FDone^FS^XZ\n'));
    await writeToDevice(device, Buffer.from('^XA^FDtwo^FS^XZ\n'));
    expect(readFileSync(device, 'utf8')).toBe('^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n');
    await expect(checkDevice(device)).resolves.toBeUndefined();
  });

  it('reports a missing device and never creates it', async () => {
    const dir = tempDir();
    for (const path of [join(dir, 'lp0'), join(dir, 'usb', 'lp0')]) {
      await expect(writeToDevice(path, Buffer.from('x'))).rejects.toMatchObject({ reason: 'unreachable', message: `the device ${path} does not exist: is the printer connected and switched on?` });
      expect((await checkDevice(path))?.message).toMatch(/does not exist/);
    }
    expect(() => readFileSync(join(dir, 'lp0'))).toThrow(/ENOENT/);
  });

  it.skipIf(process.getuid?.() === 0)('reports a device it may not write to', async () => {
    const device = join(tempDir(), 'lp0');
    writeFileSync(device, '');
    chmodSync(device, 0o444);
    await expect(writeToDevice(device, Buffer.from('x'))).rejects.toMatchObject({ reason: 'rejected', message: expect.stringMatching(/no permission to write/) });
  });
});
