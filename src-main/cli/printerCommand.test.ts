import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNodeScript, type ProcessRun } from '../../test/support/cli/runProcess';
import { fakeLp } from '../../test/support/printing/fakeLp';
import { closedPort, fakePrinter } from '../../test/support/printing/printingTestSupport';
import { hasPython, openPtyDevice } from '../../test/support/printing/ptyDevice';
import { bundleForNode, tempDataDir } from '../../test/support/store/storeTestSupport';

let cli = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
});

function run(args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  return runNodeScript(cli, args, { LABELSMITH_LP: '', ...env });
}

async function json(args: string[], env?: Record<string, string>): Promise<Record<string, unknown>> {
  const result = await run(args, env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** A data directory with one team; returns the --data-dir arguments and the team id. */
async function teamIn(): Promise<{ d: string[]; team: string }> {
  const d = ['--data-dir', tempDataDir()];
  const team = await json(['team', 'create', '--name', 'Acme', '--plan', 'pro', ...d]);
  return { d, team: String(team.id) };
}

describe('labelsmith printer', () => {
  it('adds, lists, tests, reads the status of and removes a raw ZPL printer', async () => {
    const fake = await fakePrinter();
    const { d, team } = await teamIn();
    const added = await json([
      'printer',
      'add',
      '--team',
      team,
      '--name',
      'Dock 1',
      '--kind',
      'raw',
      '--host',
      fake.host,
      '--port',
      String(fake.port),
      '--dpi',
      '300',
      '--media',
      '4x6in',
      '--darkness',
      '12',
      '--speed',
      '4',
      ...d,
    ]);
    expect(added).toMatchObject({
      id: expect.any(String),
      teamId: team,
      name: 'Dock 1',
      connection: { kind: 'raw', host: '127.0.0.1', port: fake.port },
      dpi: 300,
      media: { width: '4in', height: '6in' },
      darkness: 12,
      speed: 4,
    });
    const id = String(added.id);
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [added], virtualPrinters: [] });

    const tested = await json(['printer', 'test', id, ...d]);
    expect(fake.connections).toHaveLength(1);
    const job = fake.connections[0]?.bytes.toString() ?? '';
    expect(tested).toEqual({ id, kind: 'raw', format: 'zpl', bytes: Buffer.byteLength(job) });
    // The settings format first (4x6 in at 300 dpi), then the label at the printer's resolution with its name and code128.
    expect(job.startsWith('^XA~SD12^PR4^PW1200^LL1800^XZ\n^XA')).toBe(true);
    expect(job).toContain('^FDDock 1^FS');
    expect(job).toContain('^FD300 dpi - ');
    expect(job).toMatch(/\^BC.*\^FDLS-TEST-300\^FS/);

    fake.setState('paperOut');
    const status = await json(['printer', 'status', id, ...d]);
    expect(status).toMatchObject({
      id,
      kind: 'raw',
      reachable: true,
      state: { paperOut: true, ribbonOut: false, headOpen: false, paused: false, bufferFull: false, labelsInBuffer: 0 },
    });
    expect(status).not.toHaveProperty('error');

    expect(await json(['printer', 'remove', id, ...d])).toEqual(added);
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [], virtualPrinters: [] });
    const again = await run(['printer', 'remove', id, ...d]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/there is no printer/);
  });

  it('reports an unreachable and a silent printer in the status, and a failed test print with exit 1', async () => {
    const { d, team } = await teamIn();
    const port = await closedPort();
    const gone = await json([
      'printer',
      'add',
      '--team',
      team,
      '--name',
      'Gone',
      '--kind',
      'raw',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      ...d,
    ]);
    expect(await json(['printer', 'status', String(gone.id), ...d])).toEqual({
      id: gone.id,
      kind: 'raw',
      reachable: false,
      state: null,
      error: `connection refused by 127.0.0.1:${port}: is the printer on and listening on that port?`,
    });
    const failed = await run(['printer', 'test', String(gone.id), ...d]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(/connection refused .*\(PRINTER_ERROR\)/);

    const fake = await fakePrinter();
    fake.silent(true);
    const silent = await json([
      'printer',
      'add',
      '--team',
      team,
      '--name',
      'Silent',
      '--kind',
      'raw',
      '--host',
      fake.host,
      '--port',
      String(fake.port),
      ...d,
    ]);
    // The answer names the 3 s wait that ended it: the status gives up on a silent printer instead of hanging.
    expect(await json(['printer', 'status', String(silent.id), ...d])).toMatchObject({
      reachable: true,
      state: null,
      error: 'timed out after 3 s waiting for ~HS answer',
    });
  });

  it('prints the test label to a system queue (PDF, or ZPL with -o raw)', async () => {
    const { d, team } = await teamIn();
    const lp = fakeLp();
    const env = { LABELSMITH_LP: lp.path };
    const office = await json([
      'printer',
      'add',
      '--team',
      team,
      '--name',
      'Office',
      '--kind',
      'system',
      '--queue',
      'Office_Laser',
      ...d,
    ]);
    expect(await json(['printer', 'test', String(office.id), ...d], env)).toMatchObject({
      kind: 'system',
      format: 'pdf',
      requestId: 'Office_Laser-1',
    });
    expect(lp.jobs()[0]?.subarray(0, 5).toString()).toBe('%PDF-');
    const zebra = await json([
      'printer',
      'add',
      '--team',
      team,
      '--name',
      'Zebra',
      '--kind',
      'system',
      '--queue',
      'Zebra',
      '--raw-queue',
      ...d,
    ]);
    expect(await json(['printer', 'test', String(zebra.id), ...d], env)).toMatchObject({
      kind: 'system',
      format: 'zpl',
    });
    expect(lp.args()).toEqual([
      ['-d', 'Office_Laser'],
      ['-d', 'Zebra', '-o', 'raw'],
    ]);
    expect(lp.jobs()[1]?.toString()).toMatch(/^\^XA\n\^CI28/);
    expect(await json(['printer', 'status', String(zebra.id), ...d])).toMatchObject({
      reachable: null,
      error: expect.stringMatching(/lpstat -p Zebra/),
    });
  });

  it.skipIf(!hasPython)(
    'prints the test label to a character device that LABELSMITH_DEVICE_PATTERN admits',
    async () => {
      const { d, team } = await teamIn();
      const pty = await openPtyDevice();
      try {
        const env = { LABELSMITH_DEVICE_PATTERN: '/dev/pts/[0-9]+' };
        const refused = await run([
          'printer',
          'add',
          '--team',
          team,
          '--name',
          'USB',
          '--kind',
          'device',
          '--device',
          pty.path,
          ...d,
        ]);
        expect(refused).toMatchObject({
          code: 2,
          stdout: '',
          stderr: expect.stringContaining(`--device: ${pty.path} is not a printer's device`),
        });
        const usb = await json(
          ['printer', 'add', '--team', team, '--name', 'USB', '--kind', 'device', '--device', pty.path, ...d],
          env,
        );
        expect(await json(['printer', 'test', String(usb.id), ...d], env)).toMatchObject({
          kind: 'device',
          format: 'zpl',
        });
        expect(await pty.received('^XZ')).toMatch(/\^FDLS-TEST-203\^FS/);
        expect(await json(['printer', 'status', String(usb.id), ...d], env)).toEqual({
          id: usb.id,
          kind: 'device',
          reachable: true,
          state: null,
        });
      } finally {
        pty.close();
      }
    },
  );

  it('refuses a device printer at a regular file, a folder, a link to a file or /dev/null with exit 2, and never writes to it', async () => {
    const { d, team } = await teamIn();
    const dir = tempDataDir();
    const bashrc = join(dir, '.bashrc');
    writeFileSync(bashrc, 'alias ll="ls -l"\n');
    mkdirSync(join(dir, 'usb'));
    symlinkSync(bashrc, join(dir, 'lp0'));
    for (const path of [bashrc, join(dir, 'usb'), join(dir, 'lp0'), '/dev/null']) {
      const result = await run([
        'printer',
        'add',
        '--team',
        team,
        '--name',
        'USB',
        '--kind',
        'device',
        '--device',
        path,
        ...d,
      ]);
      expect(result).toMatchObject({
        code: 2,
        stdout: '',
        stderr: expect.stringMatching(
          new RegExp(`^error: --device: .*is not a printer's device .*: nothing is written to it`),
        ),
      });
    }
    expect(readFileSync(bashrc, 'utf8')).toBe('alias ll="ls -l"\n');
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [], virtualPrinters: [] });
  });

  it('sets the media handling on add and set, and sends it ahead of the test label', async () => {
    const fake = await fakePrinter();
    const { d, team } = await teamIn();
    const added = await json([
      'printer',
      'add',
      '--team',
      team,
      '--name',
      'Dock',
      '--kind',
      'raw',
      '--host',
      fake.host,
      '--port',
      String(fake.port),
      '--media-type',
      'direct-thermal',
      '--print-mode',
      'peel-off',
      '--media-sensing',
      'mark',
      '--top-offset',
      '1mm',
      '--left-offset',
      '-2mm',
      ...d,
    ]);
    expect(added).toMatchObject({
      mediaType: 'direct-thermal',
      printMode: 'peel-off',
      mediaSensing: 'mark',
      topOffset: '1mm',
      leftOffset: '-2mm',
    });
    const id = String(added.id);
    await json(['printer', 'test', id, ...d]);
    // ^LS shifts left: 2 mm to the left is ^LS16 at 203 dpi.
    expect(fake.connections[0]?.bytes.toString().startsWith('^XA^MTD^MMP^MNM^LT8^LS16^XZ\n^XA')).toBe(true);

    const changed = await json([
      'printer',
      'set',
      id,
      '--print-mode',
      'cutter',
      '--media-sensing',
      'default',
      '--top-offset',
      'default',
      ...d,
    ]);
    expect(changed).toMatchObject({
      mediaType: 'direct-thermal',
      printMode: 'cutter',
      mediaSensing: null,
      topOffset: null,
      leftOffset: '-2mm',
    });
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [changed], virtualPrinters: [] });

    const refusals: [string[], RegExp][] = [
      [['--print-mode', 'applicator'], /option '--print-mode <mode>' argument 'applicator' is invalid/],
      [['--top-offset', '2'], /--top-offset: must be a length with a unit/],
      [
        ['--top-offset', '16mm'],
        /--top-offset: 16mm is 128 dots at 203 dpi; ZPL's \^LT moves the label at most 120 dots \(15\.0mm\) either way/,
      ],
    ];
    for (const [args, message] of refusals) {
      const result = await run(['printer', 'set', id, ...args, ...d]);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
    }
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [changed], virtualPrinters: [] });
  });

  it('refuses bad arguments with exit 2, naming the option, without writing anything', async () => {
    const { d, team } = await teamIn();
    const add = ['printer', 'add', '--team', team, '--name', 'P', ...d];
    const cases: [string[], RegExp][] = [
      [['--kind', 'raw'], /--host: required for a raw printer/],
      [['--kind', 'raw', '--host', 'zebra', '--dpi', '150'], /--dpi: must be one of 203, 300, 600/],
      [['--kind', 'lpd', '--host', 'zebra'], /argument 'lpd' is invalid/],
      [['--kind', 'raw', '--host', 'zebra', '--port', '99999'], /--port:/],
      [['--kind', 'raw', '--host', 'zebra', '--darkness', '31'], /--darkness:/],
      [['--kind', 'raw', '--host', 'zebra', '--speed', 'fast'], /--speed: must be a whole number/],
      [['--kind', 'raw', '--host', 'zebra', '--media', '4x6'], /--media: must be WIDTHxHEIGHT/],
      [['--kind', 'raw', '--host', 'zebra', '--queue', 'Q'], /--queue does not apply to a raw printer/],
      [['--kind', 'system'], /--queue: required for a system printer/],
      [['--kind', 'device', '--device', 'lp0'], /--device: must be an absolute path/],
      [
        ['--kind', 'raw', '--host', 'zebra', '--media-type', 'wax'],
        /argument 'wax' is invalid. Allowed choices are direct-thermal, thermal-transfer/,
      ],
      [
        ['--kind', 'raw', '--host', 'zebra', '--dpi', '600', '--left-offset', '1m'],
        /--left-offset: must be a length with a unit/,
      ],
      [
        ['--kind', 'raw', '--host', 'zebra', '--dpi', '600', '--top-offset=-6mm'],
        /--top-offset: -6mm is 142 dots at 600 dpi/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await run([...add, ...args]);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expect(result.code).toBe(2);
    }
    const unknownTeam = await run([
      'printer',
      'add',
      '--team',
      'nope',
      '--name',
      'P',
      '--kind',
      'raw',
      '--host',
      'zebra',
      ...d,
    ]);
    expect(unknownTeam).toMatchObject({ code: 2, stdout: '' });
    expect(unknownTeam.stderr).toMatch(/there is no team "nope"/);
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [], virtualPrinters: [] });
    const missing = await run(['printer', 'status', 'nope', ...d]);
    expect(missing.code).toBe(2);

    await json([...add, '--kind', 'raw', '--host', 'zebra']);
    const duplicate = await run([...add, '--kind', 'raw', '--host', 'other']);
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toMatch(/already has a printer named "P"/);
    // A bad --data-dir never gets created by a refused command.
    const fresh = join(tempDataDir(), 'never');
    expect(
      (await run(['printer', 'add', '--team', team, '--name', 'P', '--kind', 'raw', '--data-dir', fresh])).code,
    ).toBe(2);
    expect(existsSync(fresh)).toBe(false);
  });
});
