// A virtual printer declared at 203 dpi routed to a 300 dpi printer: carrier labels arrive written again in its dots, their barcodes decoding to the same data at the same module width, their texts at the same height.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderZpl } from '@shared/render/renderZpl';
import { bundledFonts } from '../../fonts/bundledFonts';
import { decode } from '../../../test/support/engine/barcodeTestSupport';
import type { FakeZplPrinter } from '../../../test/support/printing/fakeZplPrinter';
import { renderPdf } from '../../../test/support/engine/rasterTestSupport';
import { fakeLp } from '../../../test/support/printing/fakeLp';
import { FREIGHT } from '../../../test/support/engine/zplImportFixtures';
import { carrierLabel, connectOldSystem, waitForPort } from '../../../test/support/printing/oldSystemClient';
import { fakePrinter } from '../../../test/support/printing/printingTestSupport';
import { endedJobs, QUICK_QUEUE, received } from '../../../test/support/printing/virtualPrinterTestSupport';
import { freePort } from '../../../test/support/server/freePort';
import {
  cli,
  cliJson,
  runCli,
  startTestServer,
  teamsWithKeys,
  type TeamWithKeys,
  type TestServer,
} from '../../../test/support/server/serverTestSupport';

let server: TestServer;
let acme: TeamWithKeys;

beforeAll(async () => {
  server = await startTestServer({ printQueue: QUICK_QUEUE, virtualPrinters: { rescanMs: 100 } });
  ({ acme } = await teamsWithKeys(cli(server.dataDir), {
    acme: { plan: 'pro', rateMinute: 10_000, rateHour: 100_000 },
  }));
});

afterAll(async () => {
  await server.dispose();
});

const idSchema = z.looseObject({ id: z.string() });

/** A virtual printer declared at 203 dpi routed to the printer `printerAdd` adds (its --name `name`), listening. */
async function virtualPrinterTo(name: string, printerAdd: string[]): Promise<{ printerId: string; port: number }> {
  const team = ['--team', acme.team.id];
  const printerId = (
    await cliJson(server.dataDir, idSchema, ['printer', 'add', ...team, '--name', name, ...printerAdd])
  ).id;
  const port = await freePort();
  await cliJson(server.dataDir, idSchema, [
    ...['printer', 'add', ...team, '--name', `${name}-wms`, '--kind', 'virtual', '--listen', `127.0.0.1:${port}`],
    ...['--route', name, '--dpi', '203'],
  ]);
  await waitForPort(port);
  return { printerId, port };
}

/** A raw printer of `dpi` at a new fake printer, and a virtual printer declared at 203 dpi routed to it. */
async function routedTo(
  name: string,
  dpi: number,
  printerOptions: string[] = [],
): Promise<{ fake: FakeZplPrinter; printerId: string; port: number }> {
  const fake = await fakePrinter();
  const raw = ['--kind', 'raw', '--host', fake.host, '--port', String(fake.port), '--dpi', String(dpi)];
  return { fake, ...(await virtualPrinterTo(name, [...raw, ...printerOptions])) };
}

/** What ZXing reads in the ZPL drawn by the viewer at 12 dpmm on a 4 x 6 in label. */
async function decodedAt300(zpl: string): Promise<string[]> {
  const drawn = await renderZpl(zpl, {
    dpmm: 12,
    widthDots: 1200,
    heightDots: 1800,
    index: 0,
    format: 'png',
    rotation: 0,
    fonts: bundledFonts(),
  });
  const png = PNG.sync.read(Buffer.from(drawn.bytes));
  const results = await decode({ rgba: png.data, width: png.width, height: png.height }, ['Code128']);
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** The module width of each ^BY, and the height of each ^A0 text by its content, in inches. */
function physicalSizes(zpl: string, dpi: number): { modules: number[]; texts: Map<string, number> } {
  const texts = [...zpl.matchAll(/\^A0[NRIB],(\d+)[^]*?\^FD([^^]*)\^FS/g)];
  return {
    modules: [...zpl.matchAll(/\^BY(\d+)/g)].map((match) => Number(match[1]) / dpi),
    texts: new Map(texts.map((match) => [match[2] ?? '', Number(match[1]) / dpi])),
  };
}

describe('a virtual printer that re-lays out labels for the routed printer', () => {
  it('writes 203 dpi carrier labels again in a 300 dpi printer’s dots: same barcode data, module width and text height', async () => {
    const { fake, printerId, port } = await routedTo('dock-300', 300);
    const tracking = ['1Z999AA10123456784', '1Z999AA10123456785'];
    const oldSystem = await connectOldSystem(port);
    for (const number of tracking) oldSystem.send(carrierLabel(number));
    await oldSystem.end();

    const jobs = await endedJobs(server, acme.live, printerId, 2);
    expect(jobs.map((job) => [job.status, job.format])).toEqual([
      ['done', 'zpl'],
      ['done', 'zpl'],
    ]);
    const printed = received(fake);
    const labels = printed.split(/(?<=\^XZ)/).filter((label) => /\^F[DV]/.test(label));
    expect(labels).toHaveLength(2);
    const original = physicalSizes(carrierLabel(tracking[0] ?? ''), 203);
    for (const [index, label] of labels.entries()) {
      expect(await decodedAt300(label)).toEqual([tracking[index]]);
      const sizes = physicalSizes(label, 300);
      expect(sizes.modules).toHaveLength(original.modules.length);
      sizes.modules.forEach((module, at) =>
        expect(Math.abs(module - (original.modules[at] ?? 0)) * 300).toBeLessThanOrEqual(1),
      );
      // Each text of the original at its height within a dot (the barcode's interpretation line comes extra, as ^A0).
      for (const [content, height] of original.texts) {
        const wanted = content.replace(tracking[0] ?? '', tracking[index] ?? '');
        expect(Math.abs((sizes.texts.get(wanted) ?? 0) - height) * 300, wanted).toBeLessThanOrEqual(1);
      }
    }
  });
  it('applies the printer’s darkness and offsets, and names what was not carried over exactly in the job’s warnings', async () => {
    const { fake, printerId, port } = await routedTo('dock-600', 600, ['--darkness', '20', '--top-offset', '1mm']);
    const oldSystem = await connectOldSystem(port);
    oldSystem.send(`${FREIGHT}\r\n`);
    await oldSystem.end();
    const [job] = await endedJobs(server, acme.live, printerId, 1);
    expect(job?.status).toBe('done');
    expect(job?.warnings).toContainEqual({
      code: 'RELAYOUT_GRAPHIC_RESAMPLED',
      message: expect.stringMatching(/graphic image-1 was drawn in 203 dpi dots and is resampled to 600 dpi/),
      elementId: 'image-1',
    });
    const printed = received(fake);
    // 1 mm at 600 dpi is 24 dot rows.
    expect(printed).toMatch(/~SD20[^]*\^LT24/);
    expect(printed).toContain('^PW2400');
    expect(printed).toContain('HARBOUR FREIGHT');
  });

  it('draws the label for a PDF queue: a laser printer stands in for the thermal one', async () => {
    const lp = fakeLp();
    process.env.LABELSMITH_LP = lp.path;
    try {
      const { printerId, port } = await virtualPrinterTo('office', ['--kind', 'system', '--queue', 'Office']);
      const oldSystem = await connectOldSystem(port);
      oldSystem.send(carrierLabel('1Z999AA10123456799'));
      await oldSystem.end();
      const [job] = await endedJobs(server, acme.live, printerId, 1);
      expect([job?.status, job?.format]).toEqual(['done', 'pdf']);
      const [pdf] = lp.jobs();
      const raster = await renderPdf(pdf ?? Buffer.alloc(0), 300);
      const results = await decode(raster, ['Code128']);
      expect(results.filter((result) => result.isValid).map((result) => result.text)).toEqual(['1Z999AA10123456799']);
      // A 4 x 6 in page, as the label was.
      expect([raster.width, raster.height]).toEqual([1200, 1800]);
    } finally {
      delete process.env.LABELSMITH_LP;
      lp.remove();
    }
  });

  it('moves the labels of a 203 dpi printer gone silent to the 300 dpi printer of its pool, written again for it, each once and in order', async () => {
    const team = ['--team', acme.team.id];
    const [slow, fine] = [await fakePrinter(), await fakePrinter()];
    const ids: string[] = [];
    for (const [name, fake, dpi] of [
      ['pool-203', slow, 203],
      ['pool-300', fine, 300],
    ] as const) {
      const raw = ['--kind', 'raw', '--host', fake.host, '--port', String(fake.port), '--dpi', String(dpi)];
      ids.push((await cliJson(server.dataDir, idSchema, ['printer', 'add', ...team, '--name', name, ...raw])).id);
    }
    const [at203, at300] = ids as [string, string];
    const port = await freePort();
    await cliJson(server.dataDir, idSchema, [
      ...['printer', 'add', ...team, '--name', 'pool-wms', '--kind', 'virtual', '--listen', `127.0.0.1:${port}`],
      ...['--route', 'pool-203,pool-300', '--dpi', '203'],
    ]);
    await waitForPort(port);
    const tracking = ['1Z999AA10000000401', '1Z999AA10000000402', '1Z999AA10000000403'];
    const oldSystem = await connectOldSystem(port);
    oldSystem.send(carrierLabel(tracking[0] ?? ''));
    await endedJobs(server, acme.live, at203, 1);
    // The printer stops answering: its ~HS goes unanswered, so the queue's next attempt there fails.
    slow.silent(true);
    for (const number of tracking.slice(1)) oldSystem.send(carrierLabel(number));
    await oldSystem.end();

    const moved = await endedJobs(server, acme.live, at300, 2);
    expect(moved.map((job) => [job.status, job.format, job.labelsSent])).toEqual([
      ['done', 'zpl', 1],
      ['done', 'zpl', 1],
    ]);
    for (const job of moved)
      expect(job.warnings).toContainEqual({
        code: 'PRINTER_FAILOVER',
        message: expect.stringMatching(
          /printer "pool-203" failed .* after 0 of 1 labels: .*"pool-300" \(written again for its 300 dpi, as zpl\)/,
        ),
      });
    // The first label, as received, on the 203 dpi printer; the other two once each, in order, on the 300 dpi one.
    expect([...received(slow).matchAll(/\^FDTRK (\w+)\^FS/g)].map((match) => match[1])).toEqual(tracking.slice(0, 1));
    const labels = received(fine)
      .split(/(?<=\^XZ)/)
      .filter((label) => /\^F[DV]/.test(label));
    expect(labels).toHaveLength(2);
    const original = physicalSizes(carrierLabel(tracking[0] ?? ''), 203);
    for (const [index, label] of labels.entries()) {
      expect(await decodedAt300(label)).toEqual([tracking[index + 1]]);
      const sizes = physicalSizes(label, 300);
      expect(sizes.modules).toHaveLength(original.modules.length);
      sizes.modules.forEach((module, at) =>
        expect(Math.abs(module - (original.modules[at] ?? 0)) * 300).toBeLessThanOrEqual(1),
      );
    }
    slow.silent(false);
  });

  it('refuses a --dpi no printer has', async () => {
    const add = ['printer', 'add', '--team', acme.team.id, '--name', 'odd', '--kind', 'virtual'];
    const listen = ['--listen', '127.0.0.1:9', '--route', 'dock-300'];
    const refused = await runCli(server.dataDir, [...add, ...listen, '--dpi', '250']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--dpi: must be one of 203, 300, 600');
  });
});
