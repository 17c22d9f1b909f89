// The reader's barcode commands: ^BY sets the defaults, each ^B command makes its field a barcode drawn at ^FS.
import { BARCODE_COMMAND_NAMES, readBarcodeField } from './readBarcodeField';
import { readNumber, type ZplCommandTable, type ZplReader } from './zplReader';
import { commandLabel, type ZplCommand } from './zplTokenizer';

/** A ^B command: the field becomes a barcode of the data given by ^FD, laid out when ^FS closes it. */
function barcodeCommand(reader: ZplReader, command: ZplCommand): void {
  const params = reader.params(command);
  reader.field.kindCommand = command;
  reader.field.onClose = (at) => {
    const field = at.barcodeField(command.name, params);
    // Warnings name the ^B command and its place in the input, not the ^FS that drew the field.
    const warn = at.warn.bind(at);
    const elements = readBarcodeField(field, {
      dpmm: at.dpmm,
      budget: at.budget,
      fonts: at.fonts,
      warn: (warning) => warn({ ...warning, command: commandLabel(command), position: command.position }),
    });
    at.add(...elements);
  };
}

export const BARCODE_COMMANDS: ZplCommandTable = {
  // ^BYw,r,h: what is left out keeps its value.
  '^BY': (reader, command) => {
    const [w, r, h] = reader.params(command);
    const { by } = reader.printer;
    reader.printer.by = {
      moduleWidth: readNumber(w, by.moduleWidth, 1, 10),
      ratio: readNumber(r, by.ratio, 2, 3, true),
      height: readNumber(h, by.height, 1, 32000),
    };
  },
  ...Object.fromEntries(BARCODE_COMMAND_NAMES.map((name) => [`^${name}`, barcodeCommand])),
};
