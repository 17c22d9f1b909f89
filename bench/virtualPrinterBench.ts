// Labels per second from an old system through a virtual printer to a (fake) ZPL printer, sent as they came or re-laid out for a 300 dpi printer, against the same labels sent straight to the printer.
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { startFakeZplPrinter, type FakeZplPrinter } from '../test/support/printing/fakeZplPrinter';
import { carrierLabel, connectOldSystem, waitForPort } from '../test/support/printing/oldSystemClient';
import { freePort } from '../test/support/server/freePort';
import { startBenchServer } from './benchServer';
import { formatMs, printTable } from './measure';

const LABELS = 300;

/** Labels the printer has received so far (each carrier label's tracking line once). */
function labelsAt(printer: FakeZplPrinter): number {
  return printer.connections.reduce(
    (sum, connection) => sum + connection.bytes.toString('latin1').split('^FDTRK ').length - 1,
    0,
  );
}

/** Milliseconds from the first byte sent until the printer holds `count` labels more than it had. */
async function until(printer: FakeZplPrinter, count: number, send: () => Promise<void>): Promise<number> {
  const target = labelsAt(printer) + count;
  const start = performance.now();
  await send();
  while (labelsAt(printer) < target) await new Promise((resume) => setTimeout(resume, 2));
  return performance.now() - start;
}

const labels = (run: string) =>
  Array.from({ length: LABELS }, (_, index) => carrierLabel(`1Z${run}${String(index).padStart(10, '0')}`)).join('');

export async function virtualPrinterBench(): Promise<void> {
  const bench = await startBenchServer();
  const printer = await startFakeZplPrinter();
  const loadAtStart = loadavg()[0]?.toFixed(2);
  try {
    const dock = await bench.store.printers.create({
      teamId: bench.teamId,
      name: 'dock',
      connection: { kind: 'raw', host: printer.host, port: printer.port },
      dpi: 203,
      media: null,
      darkness: null,
      speed: null,
    });
    // The same fake printer, declared at 300 dpi: a virtual printer at 203 dpi re-lays out each label for it.
    const dock300 = await bench.store.printers.create({ ...dock, name: 'dock-300', dpi: 300 });
    const [port, relayoutPort] = [await freePort(), await freePort()];
    const virtual = { teamId: bench.teamId, listenHost: '127.0.0.1' };
    await bench.store.virtualPrinters.create({ ...virtual, name: 'old-wms', listenPort: port, routes: [dock.id] });
    await bench.store.virtualPrinters.create({
      ...virtual,
      name: 'old-wms-203',
      listenPort: relayoutPort,
      routes: [dock300.id],
      dpi: 203,
    });
    // The server reads new virtual printers every few seconds.
    await waitForPort(port, 20_000);
    await waitForPort(relayoutPort, 20_000);
    const direct = await until(printer, LABELS, async () => {
      const socket = connect({ host: printer.host, port: printer.port });
      await new Promise<void>((resolve) => socket.end(labels('DIRECT'), () => resolve()));
    });
    const through = await until(printer, LABELS, async () => {
      const oldSystem = await connectOldSystem(port);
      oldSystem.send(labels('VIRTUAL'));
      await oldSystem.end();
    });
    const relaidOut = await until(printer, LABELS, async () => {
      const oldSystem = await connectOldSystem(relayoutPort);
      oldSystem.send(labels('RELAYOUT'));
      await oldSystem.end();
    });
    const perSecond = (ms: number) => ((LABELS * 1000) / ms).toFixed(0);
    console.log(
      `\nVirtual printer: ${LABELS} carrier labels over one connection, until the fake printer on 127.0.0.1 holds them all; through the virtual printer each label is a print job (document written and synced, job and usage committed, ~HS read before it is sent; re-laid out: read, lifted and rendered for the printer first); load average at start ${loadAtStart}\n`,
    );
    printTable(
      ['path', 'labels/s', 'ms per label', 'vs straight'],
      [
        ['straight to the printer', perSecond(direct), formatMs(direct / LABELS), '1x'],
        [
          'through a virtual printer',
          perSecond(through),
          formatMs(through / LABELS),
          `${(through / direct).toFixed(0)}x slower`,
        ],
        [
          'through a virtual printer, re-laid out 203 → 300 dpi',
          perSecond(relaidOut),
          formatMs(relaidOut / LABELS),
          `${(relaidOut / direct).toFixed(0)}x slower`,
        ],
      ],
    );
  } finally {
    await printer.close();
    await bench.close();
  }
}
