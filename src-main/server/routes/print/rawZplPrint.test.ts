// POST /v1/print with raw ZPL and `labelsmith print --zpl` on a real server: the fake printer gets exactly the bytes sent; config commands, PDF printers and limits refused.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { printJobSchema, type PrintJob } from '@shared/api/printRequest';
import type { FakeZplPrinter } from '../../../../test/support/printing/fakeZplPrinter';
import { fakePrinter } from '../../../../test/support/printing/printingTestSupport';
import {
  call,
  cli,
  cliJson,
  expectError,
  runCli,
  startTestServer,
  teamsWithKeys,
  type ApiResponse,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

const QUEUE = { retry: { maxAttempts: 2, baseDelayMs: 100, maxDelayMs: 200 }, pollMs: 50 };
const RATE = { rateMinute: 10_000, rateHour: 100_000 };

let server: TestServer;
let teams: { acme: TeamWithKeys; capped: TeamWithKeys };

beforeAll(async () => {
  server = await startTestServer({ printQueue: QUEUE });
  teams = await teamsWithKeys(cli(server.dataDir), {
    acme: { plan: 'pro', ...RATE },
    capped: { plan: 'dev', quotaLimit: 5, keys: ['live'], ...RATE },
  });
});

afterAll(async () => {
  await server.dispose();
});

let printers = 0;

/** A raw printer of the team at a fake ZPL printer, with no settings format (no darkness, speed or media). */
async function rawPrinter(
  team: TeamWithKeys,
  extra: string[] = [],
): Promise<{ fake: FakeZplPrinter; printerId: string }> {
  const fake = await fakePrinter();
  printers += 1;
  const args = [
    'printer',
    'add',
    '--team',
    team.team.id,
    '--name',
    `Raw ${printers}`,
    '--kind',
    'raw',
    '--host',
    fake.host,
    '--port',
    String(fake.port),
    ...extra,
  ];
  return { fake, printerId: (await cliJson(server.dataDir, z.looseObject({ id: z.string() }), args)).id };
}

function print(key: string, body: unknown): Promise<ApiResponse> {
  return call(server, '/v1/print', { method: 'POST', key, json: body });
}

async function finished(key: string, id: string): Promise<PrintJob> {
  for (;;) {
    const job = printJobSchema.parse((await call(server, `/v1/print-jobs/${id}`, { key })).json());
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the printer received on the job's connections (the ~HS status reads left out). */
function received(fake: FakeZplPrinter): string {
  return fake.connections
    .map((connection) => connection.bytes.toString('latin1'))
    .filter((bytes) => bytes !== '~HS')
    .join('');
}

async function usage(key: string): Promise<number> {
  return (await call(server, '/v1/usage', { key })).json<{ renders: { live: number } }>().renders.live;
}

// Two look-alike labels: a template job would send them as a stored format and recalls; raw ZPL goes as written.
const TWO_LABELS = '~SD15\n^XA^FO20,20^A0N,30,30^FDBox 1^FS^PQ3^XZ\r\n^XA^FO20,20^A0N,30,30^FDBox 2^FS^XZ\n';

describe('POST /v1/print with zpl', () => {
  it('sends the ZPL unchanged, copies as the whole document again, and counts every label with its ^PQ quantity', async () => {
    const { fake, printerId } = await rawPrinter(teams.acme);
    const key = teams.acme.live;
    const before = await usage(key);
    const response = await print(key, { printerId, zpl: TWO_LABELS, copies: 2 });
    expect(response.status, response.text).toBe(202);
    const job = printJobSchema.parse(response.json());
    expect(job).toMatchObject({ format: 'zpl', labelCount: 2, copies: 2, totalLabels: 4 });
    expect(await finished(key, job.id)).toMatchObject({ status: 'done', labelsSent: 4 });
    expect(received(fake)).toBe(TWO_LABELS + TWO_LABELS);
    // (3 + 1) labels × 2 copies.
    expect(await usage(key)).toBe(before + 8);
    await fake.close();
  });

  it('finds the formats with the prefixes ^CC set on a printer that allows it, and keeps bytes beyond ASCII as sent', async () => {
    const { fake, printerId } = await rawPrinter(teams.acme, ['--allow-config-commands']);
    // After ^CC+ a caret is data: the first format ends at +XZ.
    const zpl = '^XA^CC+^FS+XZ+XA+CI28+FO10,10+A0N,30,30+FDGrüße ^XZ+FS+XZ';
    const job = printJobSchema.parse((await print(teams.acme.live, { printerId, zpl })).json());
    expect(job.labelCount).toBe(2);
    expect(await finished(teams.acme.live, job.id)).toMatchObject({ status: 'done' });
    expect(
      Buffer.concat(
        fake.connections.map((connection) => connection.bytes).filter((bytes) => bytes.toString() !== '~HS'),
      ).equals(Buffer.from(zpl, 'utf8')),
    ).toBe(true);
    await fake.close();
  });

  it('refuses configuration commands with 400 naming the command and where, until the printer allows them', async () => {
    const { fake, printerId } = await rawPrinter(teams.acme);
    const zpl = '^XA^FO10,10^FDx^FS^XZ\n^XA^JUS^XZ';
    const refused = expectError(await print(teams.acme.live, { printerId, zpl }), 400, 'BAD_REQUEST');
    expect(refused.error).toMatch(
      /\^JU at byte 25 is not a label-drawing command: raw ZPL may hold only label-drawing commands/,
    );
    expect(refused.details).toMatchObject({ command: '^JU', position: 25 });
    // Whatever the prefix is called.
    expect(
      expectError(await print(teams.acme.live, { printerId, zpl: '^XA^CC!!XZ!XA!JUS!XZ' }), 400, 'BAD_REQUEST').error,
    ).toMatch(/\^CC at byte 3 changes the command prefix/);
    expect(expectError(await print(teams.acme.live, { printerId, zpl: '~JR' }), 400, 'BAD_REQUEST').error).toMatch(
      /~JR/,
    );
    expect(fake.connections).toEqual([]);

    const set = await runCli(server.dataDir, ['printer', 'set', printerId, '--allow-config-commands']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ allowConfigCommands: true });
    const job = printJobSchema.parse((await print(teams.acme.live, { printerId, zpl })).json());
    expect(await finished(teams.acme.live, job.id)).toMatchObject({ status: 'done' });
    expect(received(fake)).toBe(zpl);
    await fake.close();
  });

  it('refuses every way past the allow-list with 400 naming it, and nothing reaches the printer', async () => {
    const { fake, printerId } = await rawPrinter(teams.acme);
    const label = '^XA^FO10,10^A0N,30,30^FDok^FS^XZ';
    const attacks: [string, string, RegExp][] = [
      ['SGD before a label', `! U1 setvar "ip.addr" "10.9.9.9"\r\n${label}`, /^zpl: text at byte 0 is not ZPL/],
      [
        'SGD after a label',
        `${label}\r\n! U1 do "device.restore_defaults" "all"\r\n`,
        /^zpl: text at byte \d+ is not ZPL/,
      ],
      ['JSON after a label', `${label}{}{"device.reset":null}`, /^zpl: text at byte \d+ is not ZPL/],
      ['^CC at the end of a job', `${label}^XA^CC+^XZ`, /\^CC at byte \d+ changes the command prefix/],
      ['a prefix hiding ^JUF', '^CC++XA+JUF+XZ', /\^CC at byte 0 changes the command prefix/],
      ['~CT with a line break', `~CT\n~${label}`, /~CT at byte 0 changes the command prefix/],
      ['^ID', `^XA^IDR:*.*^FS^XZ${label}`, /\^ID at byte 3 is not a label-drawing command/],
      ['^JI', '^XA^JIE:PROG.BAS^XZ', /\^JI at byte 3/],
      ['~JI', '~JI', /~JI at byte 0/],
      [
        'an autoexec format',
        '^XA^DFE:AUTOEXEC.ZPL^FS^XA^JUF^XZ^XZ',
        /\^DF at byte 3 stores to E: \(kept across power cycles\)/,
      ],
      ['~JX', `~JX${label}`, /~JX at byte 0/],
      ['~JP', '~JP', /~JP at byte 0/],
      ['~PS', '~PS', /~PS at byte 0/],
      ['^HH', '^XA^HH^XZ', /\^HH at byte 3/],
      ['^HW', '^XA^HWE:*.*^XZ', /\^HW at byte 3/],
    ];
    for (const [what, zpl, message] of attacks) {
      const refused = expectError(await print(teams.acme.live, { printerId, zpl }), 400, 'BAD_REQUEST');
      expect(refused.error, what).toMatch(message);
    }
    // Labels of the kinds carriers send pass unchanged: settings formats, RAM downloads and recalls, graphics, barcodes.
    const carrier =
      '^XA^MCY^XZ\n^XA^MMT^PW812^LL1218^LH0,0^LS0~SD15^PR4^MD0^XZ\n~DGR:LOGO.GRF,8,1,FFFFFFFFFFFFFFFF\n^XA^CI28^FO10,10^XGR:LOGO.GRF,1,1^FS^FO50,50^BY2^BCN,80,Y,N,N^FD123456^FS^FO50,200^BQN,2,4^FDQA,123^FS^PQ2^XZ\n';
    const job = printJobSchema.parse((await print(teams.acme.live, { printerId, zpl: carrier })).json());
    expect(await finished(teams.acme.live, job.id)).toMatchObject({ status: 'done' });
    expect(received(fake)).toBe(carrier);
    await fake.close();
  });

  it('checks a reprint against the printer setting of the moment: a job printed while configuration was allowed is not reprinted once it is not', async () => {
    const { fake, printerId } = await rawPrinter(teams.acme, ['--allow-config-commands']);
    const job = printJobSchema.parse(
      (await print(teams.acme.live, { printerId, zpl: '^XA^FO10,10^FDx^FS^JUS^XZ' })).json(),
    );
    expect(await finished(teams.acme.live, job.id)).toMatchObject({ status: 'done' });
    const set = await runCli(server.dataDir, ['printer', 'set', printerId, '--no-allow-config-commands']);
    expect(set.code, set.stderr).toBe(0);
    const connections = fake.connections.length;
    const refused = expectError(
      await call(server, `/v1/print-jobs/${job.id}/reprint`, { method: 'POST', key: teams.acme.live, json: {} }),
      400,
      'BAD_REQUEST',
    );
    expect(refused.error).toMatch(/cannot be reprinted: \^JU at byte \d+ is not a label-drawing command/);
    expect(fake.connections.length).toBe(connections);
    await fake.close();
  });

  it('answers 400 for a printer that takes PDF, zpl with a template, and ZPL without a label', async () => {
    const added = await cliJson(server.dataDir, z.looseObject({ id: z.string() }), [
      'printer',
      'add',
      '--team',
      teams.acme.team.id,
      '--name',
      'Office PDF',
      '--kind',
      'system',
      '--queue',
      'office',
    ]);
    expect(
      expectError(await print(teams.acme.live, { printerId: added.id, zpl: TWO_LABELS }), 400, 'BAD_REQUEST').error,
    ).toMatch(/takes PDF/);
    const { fake, printerId } = await rawPrinter(teams.acme);
    expect(
      expectError(await print(teams.acme.live, { printerId, zpl: TWO_LABELS, templateId: 'x' }), 400, 'BAD_REQUEST')
        .error,
    ).toMatch(/either zpl or a template/);
    expect(expectError(await print(teams.acme.live, { printerId, zpl: '~SD15' }), 400, 'BAD_REQUEST').error).toMatch(
      /no label/,
    );
    // Formats that only set printer state print nothing: no label to count or send.
    expect(
      expectError(await print(teams.acme.live, { printerId, zpl: '^XA^MCY^XZ^XA^PW812^LH0,0^XZ' }), 400, 'BAD_REQUEST')
        .error,
    ).toMatch(/holds no label/);
    // Beside a label, such a format is sent but counts no render; a second ^XA inside a format continues it.
    const counted = await usage(teams.acme.live);
    const job = printJobSchema.parse(
      (
        await print(teams.acme.live, {
          printerId,
          zpl: '^XA^MCY^XZ\n^XA^LL1218^CI28\n^XA^FO10,10^A0N,20,20^FDx^FS^PQ2^XZ',
        })
      ).json(),
    );
    expect(await finished(teams.acme.live, job.id)).toMatchObject({ status: 'done' });
    expect(await usage(teams.acme.live)).toBe(counted + 2);
    await fake.close();
  });

  it('^PQ 999999999 is refused by a hard cap, and by the job limit otherwise; nothing is counted or sent', async () => {
    const { fake, printerId } = await rawPrinter(teams.capped);
    const zpl = '^XA^FO10,10^FDx^FS^PQ999999999^XZ';
    expectError(await print(teams.capped.live, { printerId, zpl }), 429, 'QUOTA_EXCEEDED');
    expect(await usage(teams.capped.live)).toBe(0);
    const other = await rawPrinter(teams.acme);
    expect(
      expectError(await print(teams.acme.live, { printerId: other.printerId, zpl }), 400, 'BAD_REQUEST').error,
    ).toMatch(/at most 10000/);
    expect([...fake.connections, ...other.fake.connections]).toEqual([]);
    await Promise.all([fake.close(), other.fake.close()]);
  });
});

describe('labelsmith print --zpl', () => {
  it('sends a file as it is and waits for the job; refuses --zpl with a template', async () => {
    const { fake, printerId } = await rawPrinter(teams.acme);
    const file = join(server.dataDir, 'labels.zpl');
    // Latin-1 bytes (a ^CI0 label): not UTF-8, sent untouched.
    const bytes = Buffer.concat([
      Buffer.from('^XA^FO10,10^A0N,30,30^FDCaf'),
      Buffer.from([0xe9]),
      Buffer.from('^FS^XZ\n'),
    ]);
    await writeFile(file, bytes);
    const run = await runCli(server.dataDir, ['print', '--printer', printerId, '--zpl', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'done', labelCount: 1 });
    expect(
      Buffer.concat(
        fake.connections.map((connection) => connection.bytes).filter((part) => part.toString() !== '~HS'),
      ).equals(bytes),
    ).toBe(true);
    const both = await runCli(server.dataDir, ['print', '--printer', printerId, '--zpl', file, '--template-id', 'x']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--zpl prints raw ZPL/);
    await fake.close();
  });
});
