// A printer's time zone through the real CLI: validated and stored by `printer add` and `printer set`, listed, and printed by `printer test`.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakePrinter } from '../../test/support/printing/printingTestSupport';
import { bundleForNode, tempDataDir } from '../../test/support/store/storeTestSupport';
import { runNodeScript, type ProcessRun } from '../../test/support/cli/runProcess';

let cli = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
});

const run = (args: string[]): Promise<ProcessRun> => runNodeScript(cli, args, { LABELSMITH_LP: '' });

async function json(args: string[]): Promise<Record<string, unknown>> {
  const result = await run(args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** The wall clock in a zone as the test label's formatDate(now(), 'YYYY-MM-DD HH:mm') shows it. */
function wallClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('labelsmith printer --time-zone', () => {
  it('stores the canonical zone, lists it, prints the test label in it, and changes it with printer set', async () => {
    const d = ['--data-dir', tempDataDir()];
    const team = String((await json(['team', 'create', '--name', 'Acme', '--plan', 'pro', ...d])).id);
    const fake = await fakePrinter();
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
      '--time-zone',
      'europe/berlin',
      ...d,
    ]);
    expect(added).toMatchObject({ name: 'Dock', timeZone: 'Europe/Berlin' });
    const id = String(added.id);
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [added], virtualPrinters: [] });

    const before = new Date();
    await json(['printer', 'test', id, ...d]);
    const after = new Date();
    const job = fake.connections[0]?.bytes.toString() ?? '';
    expect(job).toContain('^FD203 dpi - Europe/Berlin^FS');
    const shown = /\^FD(\d{4}-\d\d-\d\d \d\d:\d\d)\^FS/.exec(job)?.[1];
    expect([wallClock(before, 'Europe/Berlin'), wallClock(after, 'Europe/Berlin')]).toContain(shown);
    // Berlin is never at UTC's wall clock: the zone, not the default, was used.
    expect(shown).not.toBe(wallClock(before, 'UTC'));

    expect(await json(['printer', 'set', id, '--time-zone', 'America/New_York', ...d])).toEqual({
      ...added,
      timeZone: 'America/New_York',
    });
    expect(await json(['printer', 'set', id, '--time-zone', 'default', ...d])).toEqual({ ...added, timeZone: null });
    const plain = await json([
      'printer',
      'add',
      '--team',
      team,
      '--name',
      'Plain',
      '--kind',
      'raw',
      '--host',
      'zebra',
      ...d,
    ]);
    expect(plain.timeZone).toBeNull();
  });

  it('refuses a name that is no IANA zone with exit 2, saying what to write, without writing anything', async () => {
    const d = ['--data-dir', tempDataDir()];
    const team = String((await json(['team', 'create', '--name', 'Acme', '--plan', 'pro', ...d])).id);
    for (const zone of ['Mars/Olympus', '+01:00', 'Europe/Berlin; rm -rf /']) {
      const result = await run([
        'printer',
        'add',
        '--team',
        team,
        '--name',
        'P',
        '--kind',
        'raw',
        '--host',
        'zebra',
        '--time-zone',
        zone,
        ...d,
      ]);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toContain(
        `--time-zone: must be an IANA time zone name such as Europe/Berlin, America/New_York or UTC, got ${JSON.stringify(zone)}`,
      );
    }
    expect(await json(['printer', 'list', '--team', team, ...d])).toEqual({ printers: [], virtualPrinters: [] });
    const id = String(
      (await json(['printer', 'add', '--team', team, '--name', 'P', '--kind', 'raw', '--host', 'zebra', ...d])).id,
    );
    const refused = await run(['printer', 'set', id, '--time-zone', 'Nowhere', ...d]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(/--time-zone: must be an IANA time zone name/);
    expect(await json(['printer', 'list', '--team', team, ...d])).toMatchObject({ printers: [{ id, timeZone: null }] });
  });
});
