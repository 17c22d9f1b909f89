// What raw ZPL holds before it is printed as it is: its formats (^XA…^XZ) with their ^PQ quantities, and any printer-configuration commands.
import { commandLabel, splitParams, ZplTokenizer } from './zplTokenizer';

/**
 * Commands refused in raw ZPL sent to a printer unless the printer allows configuration commands: each saves or
 * erases settings or storage, changes the network, or resets, calibrates or cancels. A print request must not
 * reconfigure a shared printer for everyone after it. Keyed as written with the default prefixes; the value says why.
 * Label-level settings that last until the next label changes them (^PW, ^LL, ^LH, ~SD, ^MD, ^PR, ^MU, ^ID…) are allowed.
 */
export const RAW_ZPL_CONFIG_COMMANDS: Readonly<Record<string, string>> = {
  // Settings saved, restored or erased.
  '^JU': 'saves or restores the printer configuration',
  '^JB': 'initializes (erases) flash memory',
  '~JB': 'resets optional memory',
  '^KP': "sets the front panel's password",
  '^KN': "sets the printer's name",
  '^KL': "sets the front panel's language",
  '^CM': 'changes the memory letter designations',
  '^MP': 'sets the mode protection of the front panel',
  '^SZ': 'selects the ZPL version',
  '^SC': 'sets the serial port',
  '^SS': 'sets the media sensors',
  '^JT': 'sets the head test interval',
  '^JZ': 'sets reprint after error',
  '^ST': 'sets the real-time clock',
  '^SL': 'sets the real-time clock mode',
  '^SO': 'sets the real-time clock offset',
  '^MA': 'sets maintenance alerts',
  '^MI': 'sets the maintenance message',
  '~RO': 'resets the advanced counters',
  '~JD': 'enables communications diagnostics',
  '~WC': 'prints the configuration label',
  '^HZ': 'returns printer information to the host',
  // The network.
  '^NS': 'changes the wired network settings',
  '^ND': 'changes the network settings',
  '^NC': 'selects the primary network device',
  '~NC': 'connects to a network printer',
  '^NN': 'sets SNMP parameters',
  '^NP': 'sets the primary network device',
  '^NT': 'sets SMTP',
  '^NB': 'searches for a wired print server at boot',
  '^NI': 'sets the network id',
  '^NW': 'sets the web authentication timeout',
  '^WI': 'changes the wireless network settings',
  '^WA': 'sets the wireless antenna',
  '^WE': 'sets WEP encryption',
  '^WL': 'sets LEAP',
  '^WP': 'sets the wireless password',
  '^WS': 'sets the wireless radio card',
  '^WX': 'sets wireless security',
  '~WR': 'resets the wireless radio card',
  '^SX': 'sets ZebraNet alerts',
  '^SQ': 'halts ZebraNet alerts',
  // Resets, calibration, cancelling others' work.
  '~JR': 'resets the printer (power-on reset)',
  '~JC': 'calibrates the media sensor',
  '~JL': 'sets the label length by calibration',
  '~JG': 'prints a sensor calibration graph',
  '~JA': 'cancels every format in the buffer',
};

export interface RawZplFormat {
  /** [start, end) in the text (one character per byte: byte offsets too). Text before the first format goes with it,
   * text after a format's ^XZ up to the next format goes with the earlier one, the rest after the last with the last. */
  start: number;
  end: number;
  /** ^PQ's total quantity, 1 when absent or not a positive whole number. */
  quantity: number;
}

export interface RawZplScan {
  formats: RawZplFormat[];
  /** Every configuration command, in order: its name with the default prefix ("^JU", whatever ^CC made it) and where. */
  configCommands: { command: string; position: number; reason: string }[];
}

/** One pass of the reader's tokenizer, so ^CC/~CC/^CT changes of the prefixes are honoured as the printer would. */
export function scanRawZpl(text: string): RawZplScan {
  const tokenizer = new ZplTokenizer(text);
  const formats: RawZplFormat[] = [];
  const configCommands: RawZplScan['configCommands'] = [];
  let start = 0;
  let inFormat = false;
  let quantity = 1;
  for (let command = tokenizer.next(); command !== undefined; command = tokenizer.next()) {
    const label = commandLabel(command);
    const reason = RAW_ZPL_CONFIG_COMMANDS[label];
    if (reason !== undefined) configCommands.push({ command: label, position: command.position, reason });
    if (label === '^XA') {
      inFormat = true;
      quantity = 1;
    } else if (label === '^PQ' && inFormat) {
      const total = Number(splitParams(command.params, tokenizer.delimiter)[0]);
      quantity = Number.isSafeInteger(total) && total > 0 ? total : 1;
    } else if (label === '^XZ' && inFormat) {
      formats.push({ start, end: tokenizer.position, quantity });
      start = tokenizer.position;
      inFormat = false;
    }
  }
  const last = formats.at(-1);
  if (last) last.end = text.length;
  return { formats, configCommands };
}
