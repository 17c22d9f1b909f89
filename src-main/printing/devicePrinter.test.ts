import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkDevice,
  devicePathProblem,
  devicePatterns,
  PRINTER_DEVICE_PATTERNS,
  writeToDevice,
} from './devicePrinter';
import { hasPython, openPtyDevice, type PtyDevice } from '../../test/support/printing/ptyDevice';

const dirs: string[] = [];
const ptys: PtyDevice[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const pty of ptys.splice(0)) pty.close();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-device-'));
  dirs.push(dir);
  return dir;
}

const JOB = Buffer.from('^XA^FO10,10^A0N,30,30^FDecho pwned^FS^XZ\n');
const BASHRC = '# ~/.bashrc\nalias ll="ls -l"\n';

/** A file standing in for ~/.bashrc, and a check that it kept every byte and its modification time. */
function shellStartup(dir: string): { path: string; untouched: () => void } {
  const path = join(dir, '.bashrc');
  writeFileSync(path, BASHRC);
  const { mtimeMs } = statSync(path);
  return {
    path,
    untouched: () => {
      expect(readFileSync(path, 'utf8')).toBe(BASHRC);
      expect(statSync(path).mtimeMs).toBe(mtimeMs);
    },
  };
}

/** Patterns that also admit everything under `dir`: what is left to refuse a file there is the character-device check. */
function admitting(dir: string): RegExp[] {
  return [...PRINTER_DEVICE_PATTERNS, new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/.*$`)];
}

describe('device printers refuse what is not a printer device', () => {
  it('never writes to a regular file such as ~/.bashrc, whatever the patterns', async () => {
    const dir = tempDir();
    const bashrc = shellStartup(dir);
    await expect(writeToDevice(bashrc.path, JOB, PRINTER_DEVICE_PATTERNS)).rejects.toMatchObject({
      reason: 'not-a-device',
      message: `${bashrc.path} is not a printer's device (/dev/usb/lp*, /dev/lp*, /dev/ttyUSB* or /dev/ttyS*): nothing is written to it`,
      publicMessage:
        "the printer's path is not a printer's device (/dev/usb/lp*, /dev/lp*, /dev/ttyUSB* or /dev/ttyS*): nothing is written to it",
    });
    await expect(writeToDevice(bashrc.path, JOB, admitting(dir))).rejects.toMatchObject({
      reason: 'not-a-device',
      message: `${bashrc.path} is a regular file, not a character device: nothing is written to it`,
    });
    bashrc.untouched();
    expect(await devicePathProblem(bashrc.path, PRINTER_DEVICE_PATTERNS)).toMatch(/is not a printer's device/);
    expect(await devicePathProblem(bashrc.path, admitting(dir))).toMatch(/is a regular file, not a character device/);
    expect((await checkDevice(bashrc.path, admitting(dir)))?.reason).toBe('not-a-device');
  });

  it('refuses a folder', async () => {
    const dir = tempDir();
    const folder = join(dir, 'lp0');
    mkdirSync(folder);
    await expect(writeToDevice(folder, JOB, admitting(dir))).rejects.toMatchObject({
      reason: 'not-a-device',
      message: expect.stringContaining('is a folder, not a character device'),
    });
    expect(await devicePathProblem(folder, PRINTER_DEVICE_PATTERNS)).toMatch(/is not a printer's device/);
  });

  it('follows links: a link to a regular file is refused and the file keeps its bytes', async () => {
    const dir = tempDir();
    const bashrc = shellStartup(dir);
    const link = join(dir, 'lp0');
    symlinkSync(bashrc.path, link);
    await expect(writeToDevice(link, JOB, PRINTER_DEVICE_PATTERNS)).rejects.toMatchObject({
      reason: 'not-a-device',
      message: expect.stringContaining(`${link} (which leads to ${bashrc.path}) is not a printer's device`),
    });
    await expect(writeToDevice(link, JOB, admitting(dir))).rejects.toMatchObject({
      reason: 'not-a-device',
      message: expect.stringContaining('is a regular file'),
    });
    bashrc.untouched();
  });

  it('refuses a link to /dev/null: a character device, but not at a printer path, unless a pattern admits it', async () => {
    const link = join(tempDir(), 'lp0');
    symlinkSync('/dev/null', link);
    await expect(writeToDevice(link, JOB, PRINTER_DEVICE_PATTERNS)).rejects.toMatchObject({
      reason: 'not-a-device',
      message: expect.stringContaining('(which leads to /dev/null) is not a printer'),
    });
    expect(await devicePathProblem('/dev/null', PRINTER_DEVICE_PATTERNS)).toMatch(/is not a printer's device/);
    const patterns = devicePatterns({ LABELSMITH_DEVICE_PATTERN: '/dev/null' });
    await writeToDevice(link, JOB, patterns);
    expect(await devicePathProblem(link, patterns)).toBeUndefined();
    await expect(checkDevice(link, patterns)).resolves.toBeUndefined();
  });

  it('reports a missing device, never creates it, and accepts a missing one at a printer path when it is added', async () => {
    const dir = tempDir();
    const missing = join(dir, 'lp0');
    await expect(writeToDevice(missing, JOB, admitting(dir))).rejects.toMatchObject({
      reason: 'unreachable',
      message: `${missing} does not exist: is the printer connected and switched on?`,
    });
    expect((await checkDevice(missing, admitting(dir)))?.publicMessage).toBe(
      "the printer's device does not exist: is the printer connected and switched on?",
    );
    expect(() => readFileSync(missing)).toThrow(/ENOENT/);
    // An unplugged USB printer: its path is a printer's, so it may be added now and is checked at every send.
    expect(await devicePathProblem('/dev/usb/lp97', PRINTER_DEVICE_PATTERNS)).toBeUndefined();
    expect(await devicePathProblem(missing, PRINTER_DEVICE_PATTERNS)).toMatch(/does not exist/);
  });
});

describe.skipIf(!hasPython)('device printers write to a character device', () => {
  it('writes each job to a pseudo-terminal admitted by LABELSMITH_DEVICE_PATTERN, in order, byte for byte', async () => {
    const pty = await openPtyDevice();
    ptys.push(pty);
    const patterns = devicePatterns({ LABELSMITH_DEVICE_PATTERN: '/dev/pts/[0-9]+' });
    expect(await devicePathProblem(pty.path, PRINTER_DEVICE_PATTERNS)).toMatch(/is not a printer's device/);
    expect(await devicePathProblem(pty.path, patterns)).toBeUndefined();
    await writeToDevice(pty.path, Buffer.from('^XA^FDone^FS^XZ\n'), patterns);
    await writeToDevice(pty.path, Buffer.from('^XA^FDtwo^FS^XZ\n'), patterns);
    expect(await pty.received('two^FS^XZ\n')).toBe('^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\n');
  });
});
