// Writes a job to a printer's device file (/dev/usb/lp0): open the configured path for writing, write, close.
import { constants } from 'node:fs';
import { access, open } from 'node:fs/promises';
import { PrinterError } from './printerError';

/** An fs error on the device as an operator reads it. */
function deviceError(error: NodeJS.ErrnoException, path: string): PrinterError {
  switch (error.code) {
    case 'ENOENT':
      return new PrinterError('unreachable', `the device ${path} does not exist: is the printer connected and switched on?`);
    case 'EACCES':
    case 'EPERM':
      return new PrinterError('rejected', `no permission to write to ${path}: add this user to the device's group (often "lp")`);
    case 'ENXIO':
    case 'ENODEV':
      return new PrinterError('unreachable', `no printer behind ${path} (${error.code}): is it connected and switched on?`);
    case 'EBUSY':
      return new PrinterError('unreachable', `${path} is busy: another program is printing to it`);
    case 'EISDIR':
      return new PrinterError('rejected', `${path} is a folder, not a device`);
    default:
      return new PrinterError('interrupted', `writing to ${path} failed: ${error.message}`);
  }
}

export async function writeToDevice(path: string, bytes: Uint8Array): Promise<void> {
  // No O_CREAT: with the printer unplugged, the path must fail, not become a regular file that swallows the job.
  // O_APPEND is a no-op for a device and keeps jobs in order when a plain file stands in for one.
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND).catch((error: NodeJS.ErrnoException) => {
    throw deviceError(error, path);
  });
  try {
    await handle.writeFile(bytes);
  } catch (error) {
    throw deviceError(error as NodeJS.ErrnoException, path);
  } finally {
    await handle.close();
  }
}

/** Whether the device is there and writable now, without writing to it; undefined when it is, else the reason. */
export async function checkDevice(path: string): Promise<PrinterError | undefined> {
  try {
    await access(path, constants.W_OK);
    return undefined;
  } catch (error) {
    return deviceError(error as NodeJS.ErrnoException, path);
  }
}
