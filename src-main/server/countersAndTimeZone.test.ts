// Counters and the request's time zone through a real server: live renders take values, test renders only show them, restarts continue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cli,
  expectError,
  makeDataDir,
  removeDataDir,
  render,
  startTestServer,
  teamsWithKeys,
  type TeamWithKeys,
  type TestServer,
} from '../../test/support/server/serverTestSupport';

const RATE = { rateMinute: 10_000, rateHour: 100_000 };

let dataDir: string;
let server: TestServer;
let teams: Record<'main' | 'other', TeamWithKeys>;

beforeAll(async () => {
  dataDir = await makeDataDir();
  server = await startTestServer({ dataDir, threads: 2 });
  teams = await teamsWithKeys(cli(dataDir), {
    main: { plan: 'enterprise', ...RATE },
    other: { plan: 'enterprise', ...RATE },
  });
});

afterAll(async () => {
  await server.dispose();
  await removeDataDir(dataDir);
});

const text = (id: string, y: string, contentExpression: string) => ({
  id,
  type: 'text',
  position: { mode: 'absolute', x: '2mm', y },
  width: '60mm',
  height: '6mm',
  contentExpression,
  // The printer's font 0 (bold only): its text is ^FD field data to read back, not a graphic.
  style: { fontFamily: 'Printer 0', fontSize: '10pt' },
});

/** A parcel label numbered by the team's "parcel" counter, shown as SN and 7 digits. */
const parcelLabel = (extra: unknown[] = []) => ({
  formatVersion: 1,
  meta: { name: 'Parcel' },
  dimensions: { width: '70mm', height: '30mm' },
  elements: [
    text('serial', '2mm', '"SN" + counter("parcel", {start: 1000, pad: 7})'),
    text('name', '10mm', 'name'),
    ...extra,
  ],
});

/** The serial numbers a ZPL document prints, in label order. */
const serials = (zpl: string): number[] => [...zpl.matchAll(/\^FDSN(\d{7})\^FS/g)].map((match) => Number(match[1]));

async function renderSerials(
  key: string,
  records: Record<string, unknown>[],
  template: unknown = parcelLabel(),
): Promise<number[]> {
  const response = await render(server, key, { template, records, format: 'zpl', delivery: 'inline' });
  expect(response.status, response.text).toBe(200);
  return serials(response.text);
}

const names = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index}` }));
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

describe('counters through /v1/render', () => {
  it('gives two concurrent batches of 500 labels 1,000 distinct consecutive values, each batch one block', async () => {
    const [a, b] = await Promise.all([
      renderSerials(teams.main.live, names(500, 'A')),
      renderSerials(teams.main.live, names(500, 'B')),
    ]);
    expect(a).toHaveLength(500);
    expect(b).toHaveLength(500);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(range(1000, 1000));
    expect(a).toEqual(range(a[0] ?? NaN, 500));
    expect(b).toEqual(range(b[0] ?? NaN, 500));
    expect(await server.store.counters.peek(teams.main.team.id, { parcel: { start: 1000, step: 1 } })).toEqual({
      parcel: 2000,
    });
  });

  it('shows test-key renders the next values without taking them; the next live render gets them', async () => {
    expect(await renderSerials(teams.main.test, names(3, 'T'))).toEqual([2000, 2001, 2002]);
    expect(await renderSerials(teams.main.test, names(2, 'T'))).toEqual([2000, 2001]);
    expect(await renderSerials(teams.main.live, names(2, 'L'))).toEqual([2000, 2001]);
    // Another team's counter of the same name starts on its own.
    expect(await renderSerials(teams.other.live, names(1, 'O'))).toEqual([1000]);
  });

  it('numbers a single label and a saved template alike, and gives back the values of a render that failed', async () => {
    const single = await render(server, teams.main.live, {
      template: parcelLabel(),
      data: { name: 'One' },
      format: 'zpl',
      delivery: 'inline',
    });
    expect(serials(single.text)).toEqual([2002]);
    const withBarcode = parcelLabel([
      {
        id: 'code',
        type: 'barcode',
        symbology: 'code128',
        position: { mode: 'absolute', x: '2mm', y: '18mm' },
        width: '60mm',
        height: '10mm',
        contentExpression: 'code',
      },
    ]);
    // The second record has no code: its barcode cannot be drawn and the whole batch fails.
    const failed = await render(server, teams.main.live, {
      template: withBarcode,
      records: [
        { name: 'x', code: 'A1' },
        { name: 'y', code: '' },
      ],
      format: 'zpl',
    });
    expectError(failed, 502, 'RENDER_ERROR');
    await cli(dataDir).importTemplate(teams.main.team.id, withBarcode, { slug: 'parcel' });
    const saved = await render(server, teams.main.live, {
      templateId: 'parcel',
      records: [
        { name: 'x', code: 'A1' },
        { name: 'y', code: 'B2' },
      ],
      format: 'zpl',
      delivery: 'inline',
    });
    expect(serials(saved.text)).toEqual([2003, 2004]);
  });

  it('continues after a restart of the server', async () => {
    await server.close();
    server = await startTestServer({ dataDir, threads: 1 });
    expect(await renderSerials(teams.main.live, names(3, 'R'))).toEqual([2005, 2006, 2007]);
  });

  it('refuses a counter whose options differ between uses, or whose name is not literal, as INVALID_TEMPLATE with the path', async () => {
    const conflicting = parcelLabel([text('again', '18mm', 'counter("parcel", {start: 5})')]);
    const body = expectError(
      await render(server, teams.main.live, { template: conflicting, data: { name: 'x' }, format: 'zpl' }),
      400,
      'INVALID_TEMPLATE',
    );
    expect(body.details?.errors).toEqual([
      {
        path: 'elements[2].contentExpression',
        message: expect.stringMatching(
          /^counter "parcel" is used with \{start: 5, step: 1, pad: 0\} here but with \{start: 1000, step: 1, pad: 7\} at elements\[0\]\.contentExpression/,
        ),
      },
    ]);
    const computed = parcelLabel([text('again', '18mm', 'counter(name)')]);
    const refused = expectError(
      await render(server, teams.main.live, { template: computed, data: { name: 'x' }, format: 'zpl' }),
      400,
      'INVALID_TEMPLATE',
    );
    expect(refused.details?.errors).toEqual([
      {
        path: 'elements[2].contentExpression',
        message: expect.stringMatching(/counter: the name must be literal text/),
      },
    ]);
    // Refused renders took nothing.
    expect(await renderSerials(teams.main.test, names(1, 'T'))).toEqual([2008]);
  });
});

describe('timeZone in /v1/render', () => {
  const clock = {
    formatVersion: 1,
    meta: { name: 'Clock' },
    dimensions: { width: '70mm', height: '12mm' },
    elements: [text('at', '2mm', 'formatDate(at, "YYYY-MM-DD HH:mm") + " / " + formatDate(now(), "YYYY")')],
  };
  const shown = async (timeZone?: string): Promise<string | undefined> => {
    const response = await render(server, teams.main.test, {
      template: clock,
      data: { at: '2024-12-31T23:30:00Z' },
      format: 'zpl',
      delivery: 'inline',
      ...(timeZone ? { timeZone } : {}),
    });
    expect(response.status, response.text).toBe(200);
    return /\^FD(.*) \/ \d{4}\^FS/.exec(response.text)?.[1];
  };

  it('shows instants in the zone asked for, UTC without one', async () => {
    expect(await shown()).toBe('2024-12-31 23:30');
    expect(await shown('Europe/Berlin')).toBe('2025-01-01 00:30');
    expect(await shown('america/new_york')).toBe('2024-12-31 18:30');
  });

  it('refuses a zone that is not an IANA name with 400, saying what to send', async () => {
    for (const timeZone of ['Mars/Olympus', '+01:00', 42]) {
      const body = expectError(
        await render(server, teams.main.test, { template: clock, data: {}, format: 'zpl', timeZone }),
        400,
        'BAD_REQUEST',
      );
      expect(JSON.stringify(body)).toMatch(/timeZone/);
    }
  });
});
