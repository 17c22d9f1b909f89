// Virtual printers on a real server: an old system prints carrier labels to the port and reads ~HS back, the fake printer behind it gets each label once and in order; config commands, limits and LAN rules refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseHostStatus } from '../hostStatus';
import type { FakeZplPrinter } from '../../../test/support/printing/fakeZplPrinter';
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

const LIMITS = { maxFormatBytes: 4096, maxConnections: 3, idleTimeoutMs: 5000 };

let server: TestServer;
let acme: TeamWithKeys;

beforeAll(async () => {
  server = await startTestServer({ printQueue: QUICK_QUEUE, virtualPrinters: { limits: LIMITS, rescanMs: 100 } });
  ({ acme } = await teamsWithKeys(cli(server.dataDir), {
    acme: { plan: 'pro', rateMinute: 10_000, rateHour: 100_000 },
  }));
});

afterAll(async () => {
  await server.dispose();
});

const idSchema = z.looseObject({ id: z.string() });
let names = 0;

/** A raw printer of the team at a new fake printer. */
async function rawPrinter(): Promise<{ fake: FakeZplPrinter; printerId: string; name: string }> {
  const fake = await fakePrinter();
  names += 1;
  const name = `dock-${names}`;
  const raw = ['printer', 'add', '--team', acme.team.id, '--name', name, '--kind', 'raw', '--host', fake.host];
  const printerId = (await cliJson(server.dataDir, idSchema, [...raw, '--port', String(fake.port)])).id;
  return { fake, printerId, name };
}

/** A virtual printer on a free loopback port routed to `routes` (names), listening. */
async function virtualPrinter(routes: string[], extra: string[] = []): Promise<{ name: string; port: number }> {
  const port = await freePort();
  names += 1;
  const name = `old-wms-${names}`;
  const add = ['printer', 'add', '--team', acme.team.id, '--name', name, '--kind', 'virtual'];
  await cliJson(server.dataDir, idSchema, [
    ...add,
    '--listen',
    `127.0.0.1:${port}`,
    '--route',
    routes.join(','),
    ...extra,
  ]);
  await waitForPort(port);
  return { name, port };
}

/** A raw printer at a new fake printer and a virtual printer routed to it. */
async function virtualPrinterTo(): Promise<{ fake: FakeZplPrinter; printerId: string; name: string; port: number }> {
  const { fake, printerId, name: printer } = await rawPrinter();
  return { fake, printerId, ...(await virtualPrinter([printer])) };
}

/** The tracking numbers of the carrier labels the fake printer received, in order. */
function tracking(fake: FakeZplPrinter): (string | undefined)[] {
  return [...received(fake).matchAll(/\^FDTRK (\w+)\^FS/g)].map((match) => match[1]);
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('a virtual ZPL printer', () => {
  it('queues each carrier label once, in order, for the routed printer, and answers ~HS and ~HI from it', async () => {
    const { fake, printerId, name, port } = await virtualPrinterTo();
    const oldSystem = await connectOldSystem(port);
    const tracking = ['1Z999AA10123456784', '1Z999AA10123456785', '1Z999AA10123456786'];
    // Carrier ZPL often sets printer state in a format of its own first: it goes to the printer ahead of the label.
    oldSystem.send('^XA^LRN^CI0^XZ\r\n');
    oldSystem.send(carrierLabel(tracking[0] ?? ''));
    const status = parseHostStatus(await oldSystem.hostStatus());
    expect(status).toMatchObject({ paperOut: false, paused: false, headOpen: false });
    const label = carrierLabel(tracking[1] ?? '');
    // Split mid-command, as TCP may deliver it.
    oldSystem.send(label.slice(0, 101));
    oldSystem.send(label.slice(101) + carrierLabel(tracking[2] ?? ''));
    expect(await oldSystem.hostIdentification()).toMatch(/^LABELSMITH,V[\d.]+,8,/);
    await oldSystem.end();

    const jobs = await endedJobs(server, acme.live, printerId, 3);
    expect(jobs.map((job) => [job.status, job.format, job.totalLabels])).toEqual([
      ['done', 'zpl', 2],
      ['done', 'zpl', 1],
      ['done', 'zpl', 1],
    ]);
    for (const job of jobs)
      expect(job.source).toEqual({
        kind: 'virtual-printer',
        virtualPrinterId: expect.any(String),
        name,
        client: '127.0.0.1',
      });
    const printed = received(fake);
    const positions = tracking.map((number) => printed.indexOf(`^FDTRK ${number}^FS`));
    for (const number of tracking) expect(occurrences(printed, `^FDTRK ${number}^FS`)).toBe(1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(printed.indexOf('^XA^LRN^CI0^XZ')).toBeGreaterThanOrEqual(0);
    expect(printed.indexOf('^XA^LRN^CI0^XZ')).toBeLessThan(positions[0] ?? -1);
    expect(printed).not.toContain('~HI');
  });

  it('reports the routed printer’s paper out and the labels still waiting in ~HS', async () => {
    const { fake, port } = await virtualPrinterTo();
    fake.setState('paperOut');
    const oldSystem = await connectOldSystem(port);
    oldSystem.send(carrierLabel('1Z999AA10000000001'));
    // The queue retries against paper out: the label waits, and the old system sees it as a format in the buffer.
    for (;;) {
      const status = parseHostStatus(await oldSystem.hostStatus());
      expect(status.paperOut).toBe(true);
      if (status.labelsInBuffer === 1) break;
    }
    fake.setState('ready');
    await oldSystem.end();
  });

  it('refuses configuration commands on the port, logs them, and still prints the connection’s other labels', async () => {
    const { fake, printerId, port } = await virtualPrinterTo();
    const oldSystem = await connectOldSystem(port);
    oldSystem.send(carrierLabel('1Z999AA1000000000A'));
    oldSystem.send('^XA^JUF^XZ\r\n');
    oldSystem.send('^XA^FO10,10^A0N,30,30^FDNETWORK^FS^NSS,10.0.0.9,255.0.0.0,10.0.0.1^XZ\r\n');
    oldSystem.send(carrierLabel('1Z999AA1000000000B'));
    await oldSystem.end();
    const jobs = await endedJobs(server, acme.live, printerId, 2);
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done']);
    const printed = received(fake);
    expect(occurrences(printed, '^FDTRK 1Z999AA1000000000A^FS')).toBe(1);
    expect(occurrences(printed, '^FDTRK 1Z999AA1000000000B^FS')).toBe(1);
    expect(printed).not.toMatch(/\^JU|\^NS|NETWORK/);
    const refusals = server.logs.filter((line) => line.includes('refused') && line.includes('virtual printer'));
    expect(refusals.some((line) => line.includes('^JU'))).toBe(true);
    expect(refusals.some((line) => line.includes('^NS'))).toBe(true);
  });

  it('closes a connection whose format outgrows the limit, and connections past the limit', async () => {
    const { fake, port } = await virtualPrinterTo();
    const flooding = await connectOldSystem(port);
    flooding.send(`^XA^FO10,10^FD${'x'.repeat(LIMITS.maxFormatBytes)}`);
    await flooding.closed;
    const open = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => connectOldSystem(port)));
    const extra = await connectOldSystem(port);
    await extra.closed;
    // The connections within the limit still print.
    open[0]?.send(carrierLabel('1Z999AA1000000000C'));
    await Promise.all(open.map((connection) => connection.end()));
    await expect.poll(() => occurrences(received(fake), '1Z999AA1000000000C')).toBeGreaterThan(0);
    expect(received(fake)).not.toContain('xxxx');
  });

  it('is not started beyond loopback while the server’s LAN access is off; an allow-list is required for it', async () => {
    const port = await freePort();
    const team = ['--team', acme.team.id];
    const add = ['printer', 'add', ...team, '--name', 'lan-1', '--kind', 'virtual', '--listen', `0.0.0.0:${port}`];
    const noList = await runCli(server.dataDir, [...add, '--route', 'dock-1']);
    expect(noList.code).toBe(2);
    expect(noList.stderr).toContain('--allow-client');
    await cliJson(server.dataDir, idSchema, [...add, '--route', 'dock-1', '--allow-client', '192.168.10.0/24']);
    await expect
      .poll(() => server.logs.some((line) => line.includes('lan-1') && line.includes('LAN access is off')), {
        timeout: 5000,
      })
      .toBe(true);
    await expect(connectOldSystem(port)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('sends labels in turn with round-robin, and past a printer at fault with failover', async () => {
    const [a, b] = [await rawPrinter(), await rawPrinter()];
    const turns = await virtualPrinter([a.name, b.name], ['--pool', 'round-robin']);
    const oldSystem = await connectOldSystem(turns.port);
    for (const n of [1, 2, 3, 4]) oldSystem.send(carrierLabel(`1Z999AA1000000010${n}`));
    await oldSystem.end();
    await Promise.all([endedJobs(server, acme.live, a.printerId, 2), endedJobs(server, acme.live, b.printerId, 2)]);
    expect(tracking(a.fake)).toEqual(['1Z999AA10000000101', '1Z999AA10000000103']);
    expect(tracking(b.fake)).toEqual(['1Z999AA10000000102', '1Z999AA10000000104']);

    a.fake.setState('headOpen');
    const failover = await virtualPrinter([a.name, b.name]);
    const wms = await connectOldSystem(failover.port);
    // ~HS speaks for the printer the next label goes to: the one that is ready.
    expect(parseHostStatus(await wms.hostStatus()).headOpen).toBe(false);
    wms.send(carrierLabel('1Z999AA10000000105'));
    await wms.end();
    await endedJobs(server, acme.live, b.printerId, 3);
    expect(tracking(b.fake)).toContain('1Z999AA10000000105');
    expect(tracking(a.fake)).not.toContain('1Z999AA10000000105');
    a.fake.setState('ready');
  });

  /**
   * A failover pool of two printers: label 1 prints on the first, which then goes down (`goDown`), and labels 2 and 3
   * follow; resolves with the second printer's two jobs once done, after checking each label printed once and in order.
   */
  async function afterPrinterWentDown(run: string, goDown: (fake: FakeZplPrinter) => void) {
    const [a, b] = [await rawPrinter(), await rawPrinter()];
    const pool = await virtualPrinter([a.name, b.name]);
    const wms = await connectOldSystem(pool.port);
    const numbers = [1, 2, 3].map((n) => `1Z999AA1000000${run}${n}`);
    wms.send(carrierLabel(numbers[0] ?? ''));
    await endedJobs(server, acme.live, a.printerId, 1);
    goDown(a.fake);
    for (const number of numbers.slice(1)) wms.send(carrierLabel(number));
    await wms.end();
    const moved = await endedJobs(server, acme.live, b.printerId, 2);
    expect(moved.map((job) => [job.status, job.printerId, job.labelsSent])).toEqual([
      ['done', b.printerId, 1],
      ['done', b.printerId, 1],
    ]);
    expect(tracking(a.fake)).toEqual(numbers.slice(0, 1));
    expect(tracking(b.fake)).toEqual(numbers.slice(1));
    return { a, moved };
  }

  it('moves a job whose printer went down mid-label to another printer of the pool, each label printed there once', async () => {
    // Printer a still answers ~HS as ready, so labels keep going to it, but it resets every job 100 bytes in.
    const { a, moved } = await afterPrinterWentDown('020', (fake) => fake.closeAfterBytes(100));
    for (const job of moved)
      expect(job.warnings).toContainEqual({
        code: 'PRINTER_FAILOVER',
        message: expect.stringContaining(`printer "${a.name}" failed (PRINTER_INTERRUPTED) after 0 of 1 labels`),
      });
    a.fake.closeAfterBytes(null);
  });

  it('moves jobs off a pool printer that went silent (its ~HS unanswered) to the other one, each label once', async () => {
    const { a } = await afterPrinterWentDown('030', (fake) => fake.silent(true));
    a.fake.silent(false);
  });

  it('keeps a label the team’s quota refuses as a failed job of the history, QUOTA_EXCEEDED, its source named', async () => {
    const { capped } = await teamsWithKeys(cli(server.dataDir), {
      capped: { plan: 'dev', quotaLimit: 1, rateMinute: 1000, rateHour: 10_000 },
    });
    const fake = await fakePrinter();
    const team = ['--team', capped.team.id];
    const raw = ['--kind', 'raw', '--host', fake.host, '--port', String(fake.port)];
    const printerId = (await cliJson(server.dataDir, idSchema, ['printer', 'add', ...team, '--name', 'capped', ...raw]))
      .id;
    const port = await freePort();
    const listen = ['--kind', 'virtual', '--listen', `127.0.0.1:${port}`, '--route', 'capped'];
    await cliJson(server.dataDir, idSchema, ['printer', 'add', ...team, '--name', 'capped-wms', ...listen]);
    await waitForPort(port);
    const wms = await connectOldSystem(port);
    wms.send(carrierLabel('1Z999AA10000000501'));
    wms.send(carrierLabel('1Z999AA10000000502'));
    const jobs = await endedJobs(server, capped.live, printerId, 2);
    expect(jobs.map((job) => [job.status, job.error?.code, job.labelsSent])).toEqual([
      ['done', undefined, 1],
      ['failed', 'QUOTA_EXCEEDED', 0],
    ]);
    expect(jobs[1]).toMatchObject({
      format: 'zpl',
      totalLabels: 1,
      reprintable: false,
      source: { kind: 'virtual-printer', name: 'capped-wms', client: '127.0.0.1' },
      error: { message: 'refused when it arrived, nothing printed: monthly render quota exceeded' },
    });
    // The old system is not told: ~HS is the printer's own answer, with no label of it waiting.
    const status = parseHostStatus(await wms.hostStatus());
    expect([status.paused, status.labelsInBuffer]).toEqual([false, 0]);
    await wms.end();
    expect(tracking(fake)).toEqual(['1Z999AA10000000501']);
  });

  it('is listed by printer list, and stops listening once printer remove took it away', async () => {
    const { name, port } = await virtualPrinterTo();
    const listSchema = z.object({ virtualPrinters: z.array(z.looseObject({ id: z.string(), name: z.string() })) });
    const listed = await cliJson(server.dataDir, listSchema, ['printer', 'list', '--team', acme.team.id]);
    const virtual = listed.virtualPrinters.find((candidate) => candidate.name === name);
    expect(virtual).toMatchObject({ name, listenPort: port, kind: 'virtual' });
    await cliJson(server.dataDir, idSchema, ['printer', 'remove', virtual?.id ?? '']);
    await expect
      .poll(() =>
        connectOldSystem(port).then(
          (connection) => (void connection.end(), 'open'),
          () => 'refused',
        ),
      )
      .toBe('refused');
  });
});
