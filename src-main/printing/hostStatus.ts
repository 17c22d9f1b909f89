// Asks a ZPL printer for its host status (~HS) and reads the three STX…ETX strings of the answer into a typed status.
import { DEFAULT_CONNECT_TIMEOUT_MS, openConnection, type TcpAddress } from './rawTcpPrinter';
import { PrinterError, seconds } from './printerError';

const STX = 0x02;
const ETX = 0x03;
const DEFAULT_ANSWER_TIMEOUT_MS = 3000;

/** ~HS string 2's print mode codes (ZPL II Programming Guide, ~HS). */
const PRINT_MODES: Record<string, string> = {
  '0': 'rewind',
  '1': 'peel-off',
  '2': 'tear-off',
  '3': 'cutter',
  '4': 'applicator',
  '5': 'delayed cut',
  '6': 'linerless peel',
  '7': 'linerless rewind',
  '8': 'partial cutter',
  '9': 'RFID',
  K: 'kiosk',
  S: 'stream',
  A: 'cutter (kiosk)',
};

/** The ~HS answer, field by field; flags are booleans, counts numbers, bit fields left as the printer's number. */
export interface HostStatus {
  // String 1
  /** Baud rate, data bits, stop bits, parity and handshake as the printer's decimal bit field. */
  communicationSettings: number;
  paperOut: boolean;
  paused: boolean;
  labelLengthDots: number;
  /** Formats in the receive buffer: labels sent but not yet printed. */
  labelsInBuffer: number;
  bufferFull: boolean;
  diagnosticMode: boolean;
  partialFormat: boolean;
  corruptRam: boolean;
  underTemperature: boolean;
  overTemperature: boolean;
  // String 2
  /** Media type, sensor profile and diagnostics as the printer's decimal bit field. */
  functionSettings: number;
  headOpen: boolean;
  ribbonOut: boolean;
  thermalTransfer: boolean;
  /** The print mode's name, or its code when the code is not in the manual we follow. */
  printMode: string;
  printWidthMode: string;
  labelWaiting: boolean;
  labelsRemainingInBatch: number;
  graphicsStored: number;
  // String 3
  password: string;
  staticRamInstalled: boolean;
}

/** The payloads of the complete STX…ETX frames in `bytes` (the CR LF between them and anything outside are skipped). */
export function hostStatusFrames(bytes: Uint8Array): string[] {
  const frames: string[] = [];
  let start = -1;
  for (let i = 0; i < bytes.length; i += 1) {
    if (bytes[i] === STX) start = i + 1;
    else if (bytes[i] === ETX && start >= 0) {
      frames.push(Buffer.from(bytes.subarray(start, i)).toString('latin1'));
      start = -1;
    }
  }
  return frames;
}

/** Reads one string's comma-separated fields, refusing a string too short to hold what the manual lists. */
function fieldsOf(frame: string | undefined, which: number, minimum: number): string[] {
  const fields = (frame ?? '').split(',').map((field) => field.trim());
  // Newer firmware appends fields; the ones the manual lists keep their places.
  if (frame === undefined || fields.length < minimum) {
    const problem = `~HS string ${which} has ${frame === undefined ? 'not arrived' : `${fields.length} fields, expected ${minimum}`}`;
    // String 3 starts with the printer's password: what the printer sent is for the operator, not for API clients.
    throw new PrinterError('bad-answer', `${problem}: ${JSON.stringify(frame ?? '')}`, problem);
  }
  return fields;
}

function numberField(fields: string[], index: number, name: string): number {
  const text = fields[index] ?? '';
  if (!/^\d+$/.test(text))
    throw new PrinterError('bad-answer', `~HS field ${name} is not a number: ${JSON.stringify(text)}`);
  return Number(text);
}

function flagField(fields: string[], index: number, name: string): boolean {
  const text = fields[index] ?? '';
  if (text !== '0' && text !== '1')
    throw new PrinterError('bad-answer', `~HS flag ${name} is not 0 or 1: ${JSON.stringify(text)}`);
  return text === '1';
}

/** Parses the three ~HS strings (without their STX/ETX); throws a PrinterError ('bad-answer') naming the bad field. */
export function parseHostStatus(frames: readonly string[]): HostStatus {
  const one = fieldsOf(frames[0], 1, 12);
  const two = fieldsOf(frames[1], 2, 11);
  const three = fieldsOf(frames[2], 3, 2);
  const printModeCode = two[5] ?? '';
  return {
    communicationSettings: numberField(one, 0, 'communication settings'),
    paperOut: flagField(one, 1, 'paper out'),
    paused: flagField(one, 2, 'pause'),
    labelLengthDots: numberField(one, 3, 'label length'),
    labelsInBuffer: numberField(one, 4, 'formats in receive buffer'),
    bufferFull: flagField(one, 5, 'buffer full'),
    diagnosticMode: flagField(one, 6, 'communications diagnostic mode'),
    partialFormat: flagField(one, 7, 'partial format'),
    // one[8] is unused (always 000).
    corruptRam: flagField(one, 9, 'corrupt RAM'),
    underTemperature: flagField(one, 10, 'under temperature'),
    overTemperature: flagField(one, 11, 'over temperature'),
    functionSettings: numberField(two, 0, 'function settings'),
    // two[1] is unused.
    headOpen: flagField(two, 2, 'head up'),
    ribbonOut: flagField(two, 3, 'ribbon out'),
    thermalTransfer: flagField(two, 4, 'thermal transfer mode'),
    printMode: PRINT_MODES[printModeCode] ?? printModeCode,
    printWidthMode: two[6] ?? '',
    labelWaiting: flagField(two, 7, 'label waiting'),
    labelsRemainingInBatch: numberField(two, 8, 'labels remaining in batch'),
    // two[9] is the format-while-printing flag, always 1.
    graphicsStored: numberField(two, 10, 'graphic images stored'),
    password: three[0] ?? '',
    staticRamInstalled: flagField(three, 1, 'static RAM installed'),
  };
}

export interface HostStatusOptions {
  connectTimeoutMs?: number;
  /** From sending ~HS to the third string's ETX. */
  answerTimeoutMs?: number;
}

/** Connects, sends ~HS, and reads until three frames arrived (or the answer timeout passed). */
export async function queryHostStatus(address: TcpAddress, options: HostStatusOptions = {}): Promise<HostStatus> {
  const socket = await openConnection(address, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
  const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  const frames = await new Promise<string[]>((resolve, reject) => {
    const chunks: Buffer[] = [];
    // A whole-answer deadline, not an idle one: a printer trickling bytes must not hold the caller past the bound.
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterError('timeout', `timed out after ${seconds(answerTimeoutMs)} waiting for ~HS answer`));
    }, answerTimeoutMs);
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      socket.destroy();
      outcome();
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const found = hostStatusFrames(Buffer.concat(chunks));
      if (found.length >= 3) finish(() => resolve(found));
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          new PrinterError(
            'interrupted',
            `the connection failed while waiting for ~HS answer (${error.code ?? error.message})`,
          ),
        ),
      ),
    );
    socket.on('end', () =>
      finish(() =>
        reject(new PrinterError('interrupted', 'the printer closed the connection before its ~HS answer was complete')),
      ),
    );
    socket.write('~HS');
  });
  return parseHostStatus(frames);
}

const pad = (value: number, digits: number): string => String(value).padStart(digits, '0');
const bit = (flag: boolean): string => (flag ? '1' : '0');

/** The ~HS answer a printer in this state sends: the three STX…ETX strings of parseHostStatus, each ended by CR LF. */
export function formatHostStatus(status: HostStatus): string {
  const printModeCode =
    Object.entries(PRINT_MODES).find(([, name]) => name === status.printMode)?.[0] ?? status.printMode;
  const one = [
    pad(status.communicationSettings, 3),
    bit(status.paperOut),
    bit(status.paused),
    pad(status.labelLengthDots, 4),
    pad(status.labelsInBuffer, 3),
    bit(status.bufferFull),
    bit(status.diagnosticMode),
    bit(status.partialFormat),
    '000',
    bit(status.corruptRam),
    bit(status.underTemperature),
    bit(status.overTemperature),
  ];
  const two = [
    pad(status.functionSettings, 3),
    '0',
    bit(status.headOpen),
    bit(status.ribbonOut),
    bit(status.thermalTransfer),
    printModeCode,
    status.printWidthMode,
    bit(status.labelWaiting),
    pad(status.labelsRemainingInBatch, 8),
    '1',
    pad(status.graphicsStored, 3),
  ];
  const three = [status.password, bit(status.staticRamInstalled)];
  return [one, two, three].map((fields) => `\x02${fields.join(',')}\x03\r\n`).join('');
}
