// Writes a job to a printer's device file (/dev/usb/lp0), and only ever to a character device at a printer's path: never to a regular file.
import { constants, type Stats } from 'node:fs';
import { access, open, realpath, stat } from 'node:fs/promises';
import { PrinterError, printerErrorAt } from './printerError';

/** Where Linux puts printers: the USB printer class, parallel ports, USB serial adapters and serial ports. */
export const PRINTER_DEVICE_PATTERNS: readonly RegExp[] = [
  /^\/dev\/usb\/lp\d+$/,
  /^\/dev\/lp\d+$/,
  /^\/dev\/ttyUSB\d+$/,
  /^\/dev\/ttyS\d+$/,
];

const PRINTER_DEVICE_PATHS = '/dev/usb/lp*, /dev/lp*, /dev/ttyUSB* or /dev/ttyS*';

/** One more pattern for devices elsewhere (a test's /dev/null or pty): only the server's own environment can set it. */
export const DEVICE_PATTERN_ENV = 'LABELSMITH_DEVICE_PATTERN';

/** The patterns a device's resolved path must match: the printers' own, and LABELSMITH_DEVICE_PATTERN matched against the whole path. */
export function devicePatterns(env: NodeJS.ProcessEnv = process.env): readonly RegExp[] {
  const extra = env[DEVICE_PATTERN_ENV];
  return extra === undefined || extra === ''
    ? PRINTER_DEVICE_PATTERNS
    : [...PRINTER_DEVICE_PATTERNS, new RegExp(`^(?:${extra})$`)];
}

const ANONYMOUS = "the printer's device";

/** An fs error on the device as an operator reads it (API clients read it without the path). */
function deviceError(error: NodeJS.ErrnoException, path: string): PrinterError {
  switch (error.code) {
    case 'ENOENT':
      return printerErrorAt(
        'unreachable',
        path,
        (at) => `${at} does not exist: is the printer connected and switched on?`,
        ANONYMOUS,
      );
    case 'EACCES':
    case 'EPERM':
      return printerErrorAt(
        'rejected',
        path,
        (at) => `no permission to write to ${at}: add this user to the device's group (often "lp")`,
        ANONYMOUS,
      );
    case 'ENXIO':
    case 'ENODEV':
      return printerErrorAt(
        'unreachable',
        path,
        (at) => `no printer behind ${at} (${error.code}): is it connected and switched on?`,
        ANONYMOUS,
      );
    case 'EBUSY':
      return printerErrorAt('unreachable', path, (at) => `${at} is busy: another program is printing to it`, ANONYMOUS);
    default:
      // The system's message repeats the path.
      return new PrinterError(
        'interrupted',
        `writing to ${path} failed: ${error.message}`,
        `writing to ${ANONYMOUS} failed (${error.code ?? 'error'})`,
      );
  }
}

function kindOf(stats: Stats): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a pipe';
  return 'a socket';
}

function notADevice(path: string, real: string, problem: string): PrinterError {
  const shown = real === path ? path : `${path} (which leads to ${real})`;
  return printerErrorAt(
    'not-a-device',
    shown,
    (at) => `${at} ${problem}: nothing is written to it`,
    "the printer's path",
  );
}

/**
 * Follows links, then requires a printer's path and a character device there. A regular file (~/.bashrc), a folder
 * or a link to either never gets this far, so it is never opened for writing; /dev/null is a character device but
 * not a printer's path.
 */
async function resolveDevice(path: string, patterns: readonly RegExp[]): Promise<{ real: string; rdev: number }> {
  const real = await realpath(path).catch((error: NodeJS.ErrnoException) => {
    throw deviceError(error, path);
  });
  if (!patterns.some((pattern) => pattern.test(real)))
    throw notADevice(path, real, `is not a printer's device (${PRINTER_DEVICE_PATHS})`);
  const stats = await stat(real).catch((error: NodeJS.ErrnoException) => {
    throw deviceError(error, path);
  });
  if (!stats.isCharacterDevice()) throw notADevice(path, real, `is ${kindOf(stats)}, not a character device`);
  return { real, rdev: stats.rdev };
}

/**
 * What is wrong with `path` as a new device printer, undefined when nothing is. A device that is not there (the
 * printer unplugged) is fine when its path is a printer's: every send checks it again.
 */
export async function devicePathProblem(path: string, patterns: readonly RegExp[]): Promise<string | undefined> {
  try {
    await resolveDevice(path, patterns);
    return undefined;
  } catch (error) {
    if (!(error instanceof PrinterError)) throw error;
    const absent = error.reason === 'unreachable' && patterns.some((pattern) => pattern.test(path));
    return absent ? undefined : error.message;
  }
}

/**
 * No O_CREAT (an unplugged printer's path must fail, not become a file that swallows the job), no O_TRUNC or O_APPEND;
 * O_NOFOLLOW: the resolved path has no link left, and one put there since is refused; O_NOCTTY: a serial port must
 * not become the server's controlling terminal. Windows has neither flag (nor these devices).
 */
const OPEN_FLAGS = constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NOCTTY ?? 0);

export async function writeToDevice(path: string, bytes: Uint8Array, patterns: readonly RegExp[]): Promise<void> {
  const { real, rdev } = await resolveDevice(path, patterns);
  const handle = await open(real, OPEN_FLAGS).catch((error: NodeJS.ErrnoException) => {
    throw deviceError(error, path);
  });
  try {
    // The file opened must be the device checked: a swap in between is refused before the first byte.
    const opened = await handle.stat();
    if (!opened.isCharacterDevice() || opened.rdev !== rdev)
      throw notADevice(path, real, 'changed while it was opened');
    await handle.writeFile(bytes);
  } catch (error) {
    throw error instanceof PrinterError ? error : deviceError(error as NodeJS.ErrnoException, path);
  } finally {
    await handle.close();
  }
}

/** Whether the device is there, a printer's and writable now, without opening it; undefined when it is, else the reason. */
export async function checkDevice(path: string, patterns: readonly RegExp[]): Promise<PrinterError | undefined> {
  try {
    const { real } = await resolveDevice(path, patterns);
    await access(real, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
      throw deviceError(error, path);
    });
    return undefined;
  } catch (error) {
    if (error instanceof PrinterError) return error;
    throw error;
  }
}
