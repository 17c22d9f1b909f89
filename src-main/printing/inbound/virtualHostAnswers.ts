// What a virtual printer answers to ~HS and ~HI: the routed printer's real state in a Zebra printer's words.
import type { ZplDpi } from '@shared/render/outputFormats';
import type { ZplDpmm } from '@shared/read/zpl/zplField';
import { APP_VERSION } from '../../appVersion';
import { formatHostStatus, type HostStatus } from '../hostStatus';
import type { PrinterStatusReport } from '../printerDrivers';

/** A ready printer with nothing waiting: the state of a printer whose kind tells no more (a queue, a device file). */
const READY: HostStatus = {
  communicationSettings: 30,
  paperOut: false,
  paused: false,
  labelLengthDots: 0,
  labelsInBuffer: 0,
  bufferFull: false,
  diagnosticMode: false,
  partialFormat: false,
  corruptRam: false,
  underTemperature: false,
  overTemperature: false,
  functionSettings: 1,
  headOpen: false,
  ribbonOut: false,
  thermalTransfer: false,
  printMode: 'tear-off',
  printWidthMode: '6',
  labelWaiting: false,
  labelsRemainingInBatch: 0,
  graphicsStored: 0,
  password: '1234',
  staticRamInstalled: false,
};

/** The printer did not answer as a printer: unreachable, or reached without a readable status (silent, garbled). */
export function statusUnanswered(report: PrinterStatusReport): boolean {
  // A kind without a status channel (reachable null: a system queue) is not at fault for saying nothing.
  return (
    report.reachable === false || (report.reachable === true && report.state === null && report.problem !== undefined)
  );
}

/**
 * The ~HS answer: the routed printer's own state, with the labels still waiting in Labelsmith's queue counted as
 * formats in its buffer (sent by the old system, not printed yet). A printer that does not answer answers as paused:
 * its jobs wait, as they would in a paused printer, and the old system sees that it should not expect them yet.
 */
export function virtualHostStatus(report: PrinterStatusReport, labelsQueued: number): string {
  const state = report.state ?? READY;
  return formatHostStatus({
    ...state,
    paused: state.paused || statusUnanswered(report),
    labelsInBuffer: Math.min(999, state.labelsInBuffer + labelsQueued),
  });
}

/** The density a ZPL printer of each resolution reports (~HI) and ZPL is read at. */
export const DOTS_PER_MM: Record<ZplDpi, ZplDpmm> = { 203: 8, 300: 12, 600: 24 };

/** The ~HI answer: model, firmware version, dots per millimetre and memory, as a Zebra printer identifies itself. */
export function virtualHostIdentification(dpi: ZplDpi): string {
  return `\x02LABELSMITH,V${APP_VERSION},${DOTS_PER_MM[dpi]},8192KB\x03\r\n`;
}
