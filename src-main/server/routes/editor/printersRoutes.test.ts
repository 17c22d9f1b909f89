// /api/printers against the real server and the fake ZPL printer: add, edit, remove, the test label's bytes, live ~HS status.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorSession } from '@shared/api/editorApi';
import type { EditorPrinter, EditorPrinterTestResult } from '@shared/api/editorPrinters';
import { printerStateSchema, type PrinterStatus } from '@shared/api/printRequest';
import { closedPort, fakePrinter } from '../../../../test/support/printing/printingTestSupport';
import { api, signIn, startEditorServer, type EditorServer } from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
let teamId: string;
beforeAll(async () => {
  server = await startEditorServer();
  teamId = (await api(server, '/api/session')).json<EditorSession>().teamId;
});
afterAll(async () => {
  await server.close();
});

let names = 0;
/** A raw printer added through the API; each gets a name of its own, the table wants them unique per team. */
async function addRaw(port: number, extra: Record<string, unknown> = {}): Promise<EditorPrinter> {
  names += 1;
  const answer = await api(server, '/api/printers', {
    json: { name: `Zebra ${names}`, connection: { kind: 'raw', host: '127.0.0.1', port }, ...extra },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.json<EditorPrinter>();
}

const labelJobs = (connections: readonly { bytes: Buffer }[]) =>
  connections.map((connection) => connection.bytes.toString('latin1')).filter((text) => text.includes('^XA'));

describe('printers in the editor', () => {
  it('are added for each kind with their defaults, listed, and kept in the store', async () => {
    const raw = await api(server, '/api/printers', {
      json: {
        name: ' Dock 1 ',
        connection: { kind: 'raw', host: 'zebra.local' },
        dpi: 300,
        media: { width: '4in', height: '6in' },
        darkness: 20,
        speed: 4,
        timeZone: 'Europe/Berlin',
        unprintableMargin: '1.5mm',
        fonts: 'download',
        mediaType: 'thermal-transfer',
        printMode: 'peel-off',
        mediaSensing: 'mark',
        topOffset: '-1mm',
        leftOffset: '0.5mm',
      },
    });
    expect(raw.status).toBe(201);
    const dock = raw.json<EditorPrinter>();
    expect(dock).toEqual({
      id: expect.any(String),
      name: 'Dock 1',
      connection: { kind: 'raw', host: 'zebra.local', port: 9100 },
      dpi: 300,
      media: { width: '4in', height: '6in' },
      darkness: 20,
      speed: 4,
      timeZone: 'Europe/Berlin',
      unprintableMargin: '1.5mm',
      fonts: 'download',
      mediaType: 'thermal-transfer',
      printMode: 'peel-off',
      mediaSensing: 'mark',
      topOffset: '-1mm',
      leftOffset: '0.5mm',
      createdAt: expect.any(Number),
    });
    const office = (
      await api(server, '/api/printers', { json: { name: 'Office', connection: { kind: 'system', queue: 'GK420' } } })
    ).json<EditorPrinter>();
    expect(office).toMatchObject({
      connection: { kind: 'system', queue: 'GK420', rawQueue: false },
      dpi: 203,
      media: null,
      darkness: null,
      speed: null,
      timeZone: null,
      unprintableMargin: null,
      fonts: 'graphic',
    });
    // Media handling left out: the printer's own settings, nothing sent.
    expect(office).toMatchObject({
      mediaType: null,
      printMode: null,
      mediaSensing: null,
      topOffset: null,
      leftOffset: null,
    });
    const usb = (
      await api(server, '/api/printers', {
        json: { name: 'USB', connection: { kind: 'device', path: '/dev/usb/lp0' }, dpi: 600 },
      })
    ).json<EditorPrinter>();

    const listed = (await api(server, '/api/printers')).json<{ printers: EditorPrinter[] }>().printers;
    expect(listed).toEqual([dock, office, usb]);
    expect(await server.store.printers.get(dock.id)).toMatchObject({
      teamId,
      name: 'Dock 1',
      connection: dock.connection,
      dpi: 300,
      timeZone: 'Europe/Berlin',
      printMode: 'peel-off',
      topOffset: '-1mm',
    });
    // Another team's printers stay out of the workspace's list.
    const other = await server.store.teams.create({ name: 'Other', plan: 'dev' });
    await server.store.printers.create({
      teamId: other.id,
      name: 'Theirs',
      connection: { kind: 'raw', host: 'theirs', port: 9100 },
      dpi: 203,
      media: null,
      darkness: null,
      speed: null,
    });
    expect(
      (await api(server, '/api/printers'))
        .json<{ printers: EditorPrinter[] }>()
        .printers.map((printer) => printer.name),
    ).toEqual(['Dock 1', 'Office', 'USB']);
  });

  it('refuse bad fields with 400 naming each field, and a taken name with 409', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ connection: { kind: 'raw', host: 'zebra' } }, 'name', /name/],
      [{ name: 'P', connection: { kind: 'raw' } }, 'connection.host', /connection\.host/],
      [{ name: 'P', connection: { kind: 'raw', host: 'a b' } }, 'connection.host', /host name or an IP address/],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra', port: 70000 } },
        'connection.port',
        /^connection\.port: The port goes from 1 to 65535$/,
      ],
      [{ name: 'P', connection: { kind: 'raw', host: 'zebra', queue: 'Q' } }, 'connection', /queue/],
      [{ name: 'P', connection: { kind: 'lpd', host: 'zebra' } }, 'connection.kind', /connection/],
      [{ name: 'P', connection: { kind: 'system', queue: '-oraw' } }, 'connection.queue', /must not start with "-"/],
      [{ name: 'P', connection: { kind: 'device', path: 'lp0' } }, 'connection.path', /absolute path/],
      [{ name: 'P', connection: { kind: 'raw', host: 'zebra' }, dpi: 150 }, 'dpi', /203, 300, 600/],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, darkness: 31 },
        'darkness',
        /^darkness: Darkness goes from 0 to 30$/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, darkness: 2.5 },
        'darkness',
        /^darkness: Darkness must be a whole number$/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, speed: 1 },
        'speed',
        /^speed: Speed goes from 2 to 14 inches a second$/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, media: { width: '4', height: '6in' } },
        'media.width',
        /length with a unit/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, timeZone: 'Mars/Olympus' },
        'timeZone',
        /Mars\/Olympus/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, mediaType: 'wax' },
        'mediaType',
        /^mediaType: must be one of direct-thermal, thermal-transfer/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, printMode: 'tear' },
        'printMode',
        /^printMode: must be one of tear-off, peel-off, cutter, rewind/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, mediaSensing: 'web' },
        'mediaSensing',
        /^mediaSensing: must be one of gap, mark, continuous/,
      ],
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, topOffset: '2' },
        'topOffset',
        /^topOffset: must be a length with a unit, e.g. "1mm" or "-0.5mm"/,
      ],
      [{ name: 'P', connection: { kind: 'raw', host: 'zebra' }, leftOffset: 3 }, 'leftOffset', /^leftOffset: /],
      // The reach of ^LT depends on the resolution: 10 mm is 80 dots at 203 dpi, 236 at 600.
      [
        { name: 'P', connection: { kind: 'raw', host: 'zebra' }, dpi: 600, topOffset: '10mm' },
        'topOffset',
        /^topOffset: 10mm is 236 dots at 600 dpi; ZPL's \^LT moves the label at most 120 dots \(5\.1mm\) either way/,
      ],
    ];
    const before = (await server.store.printers.list(teamId)).length;
    for (const [json, path, message] of cases) {
      const answer = await api(server, '/api/printers', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      const body = answer.json<{ code: string; error: string; details: { errors: { path: string }[] } }>();
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.error, JSON.stringify(json)).toMatch(message);
      expect(
        body.details.errors.map((error) => error.path),
        JSON.stringify(json),
      ).toContain(path);
    }
    expect((await api(server, '/api/printers', { json: ['not', 'an', 'object'] })).json()).toMatchObject({
      code: 'BAD_REQUEST',
    });

    const taken = await api(server, '/api/printers', {
      json: { name: 'Dock 1', connection: { kind: 'raw', host: 'other' } },
    });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/^name: .*"Dock 1"/) });
    expect(await server.store.printers.list(teamId)).toHaveLength(before);
  });

  it('are edited whole, keeping their id, and only the workspace’s own', async () => {
    const printer = await addRaw(9100, { dpi: 300, darkness: 10, timeZone: 'Asia/Tokyo' });
    const edited = await api(server, `/api/printers/${printer.id}`, {
      method: 'PUT',
      json: {
        name: 'Renamed',
        connection: { kind: 'device', path: '/dev/usb/lp1' },
        media: { width: '100mm', height: '150mm' },
      },
    });
    expect(edited.status, edited.text).toBe(200);
    // Left out, the time zone is UTC again: an edit is the whole printer (the fonts mode, which the form may not show, stays).
    const expected = {
      ...printer,
      name: 'Renamed',
      connection: { kind: 'device', path: '/dev/usb/lp1' },
      dpi: 203,
      media: { width: '100mm', height: '150mm' },
      darkness: null,
      timeZone: null,
    };
    expect(edited.json()).toEqual(expected);
    expect((await api(server, '/api/printers')).json<{ printers: EditorPrinter[] }>().printers).toContainEqual(
      expected,
    );

    const taken = await api(server, `/api/printers/${printer.id}`, {
      method: 'PUT',
      json: { name: 'Dock 1', connection: { kind: 'raw', host: 'x' } },
    });
    expect(taken.status).toBe(409);
    const invalid = await api(server, `/api/printers/${printer.id}`, {
      method: 'PUT',
      json: { name: 'Renamed', connection: { kind: 'raw', host: 'x' }, speed: 99 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json<{ error: string }>().error).toMatch(/^speed: /);
    // Keeping its own name is no conflict.
    expect(
      (
        await api(server, `/api/printers/${printer.id}`, {
          method: 'PUT',
          json: { name: 'Renamed', connection: { kind: 'raw', host: 'x' } },
        })
      ).status,
    ).toBe(200);

    const theirs = (
      await server.store.printers.list(
        (await server.store.teams.list()).find((team) => team.name === 'Other')?.id ?? '',
      )
    )[0];
    expect(theirs).toBeDefined();
    expect(
      (
        await api(server, `/api/printers/${theirs?.id}`, {
          method: 'PUT',
          json: { name: 'Mine', connection: { kind: 'raw', host: 'x' } },
        })
      ).status,
    ).toBe(404);
    expect((await server.store.printers.get(theirs?.id ?? ''))?.name).toBe('Theirs');
  });

  it('refuse a device printer at a regular file, a folder, a link to a file or /dev/null with 400, added or edited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labelsmith-editor-device-'));
    try {
      const bashrc = join(dir, '.bashrc');
      writeFileSync(bashrc, 'alias ll="ls -l"\n');
      symlinkSync(bashrc, join(dir, 'lp0'));
      const before = await server.store.printers.list(teamId);
      const printer = await addRaw(9100);
      for (const path of [bashrc, dir, join(dir, 'lp0'), '/dev/null']) {
        for (const answer of [
          await api(server, '/api/printers', { json: { name: 'USB', connection: { kind: 'device', path } } }),
          await api(server, `/api/printers/${printer.id}`, {
            method: 'PUT',
            json: { name: 'USB', connection: { kind: 'device', path } },
          }),
        ]) {
          expect(answer.status, path).toBe(400);
          expect(answer.json()).toMatchObject({
            code: 'BAD_REQUEST',
            error: expect.stringMatching(
              /^connection\.path: .* is not a printer's device \(\/dev\/usb\/lp\*, \/dev\/lp\*, \/dev\/ttyUSB\* or \/dev\/ttyS\*\): nothing is written to it$/,
            ),
            details: { errors: [{ path: 'connection.path' }] },
          });
        }
      }
      expect(readFileSync(bashrc, 'utf8')).toBe('alias ll="ls -l"\n');
      expect(await server.store.printers.list(teamId)).toEqual([
        ...before,
        await server.store.printers.get(printer.id),
      ]);
      expect((await server.store.printers.get(printer.id))?.connection).toEqual({
        kind: 'raw',
        host: '127.0.0.1',
        port: 9100,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(
      (
        await api(server, '/api/printers/nope', {
          method: 'PUT',
          json: { name: 'Mine', connection: { kind: 'raw', host: 'x' } },
        })
      ).status,
    ).toBe(404);
  });

  it('are removed once, and never another team’s', async () => {
    const printer = await addRaw(9100);
    const removed = await api(server, `/api/printers/${printer.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.json()).toEqual(printer);
    expect(await server.store.printers.get(printer.id)).toBeUndefined();
    expect((await api(server, `/api/printers/${printer.id}`, { method: 'DELETE' })).status).toBe(404);

    const theirs = (
      await server.store.printers.list(
        (await server.store.teams.list()).find((team) => team.name === 'Other')?.id ?? '',
      )
    )[0];
    const refused = await api(server, `/api/printers/${theirs?.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await server.store.printers.get(theirs?.id ?? '')).toBeDefined();
  });

  it('print the test label: the printer gets its ZPL with the printer’s name, settings first', async () => {
    const fake = await fakePrinter();
    const printer = await addRaw(fake.port, { darkness: 25, media: { width: '2in', height: '1in' } });
    const answer = await api(server, `/api/printers/${printer.id}/test`, { method: 'POST' });
    expect(answer.status, answer.text).toBe(200);
    const result = answer.json<EditorPrinterTestResult>();
    expect(result).toEqual({ id: printer.id, format: 'zpl', bytes: expect.any(Number) });
    const jobs = labelJobs(fake.connections);
    expect(jobs).toHaveLength(1);
    const [job = ''] = jobs;
    expect(result.bytes).toBe(Buffer.byteLength(job, 'latin1'));
    expect(job.startsWith('^XA~SD25^PW406^LL203^XZ\n^XA')).toBe(true);
    expect(job).toContain(printer.name);
    expect(job).toContain('LS-TEST-203');
    expect(job.trimEnd().endsWith('^XZ')).toBe(true);
  });

  it('say why the test label did not print: 502 PRINTER_ERROR with the reason', async () => {
    const printer = await addRaw(await closedPort());
    const answer = await api(server, `/api/printers/${printer.id}/test`, { method: 'POST' });
    expect(answer.status).toBe(502);
    expect(answer.json()).toMatchObject({
      code: 'PRINTER_ERROR',
      error: expect.stringMatching(/connection refused by 127\.0\.0\.1:\d+/),
      details: { reason: 'unreachable' },
    });
    expect((await api(server, '/api/printers/nope/test', { method: 'POST' })).status).toBe(404);
  });

  it('report live status from ~HS: ready, paper out, head open', async () => {
    const fake = await fakePrinter();
    const printer = await addRaw(fake.port);
    const status = async () => {
      const answer = await api(server, `/api/printers/${printer.id}/status`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      return answer.json<PrinterStatus>();
    };
    const ready = await status();
    expect(ready).toMatchObject({
      id: printer.id,
      reachable: true,
      state: { paperOut: false, headOpen: false, paused: false, ribbonOut: false, bufferFull: false },
    });
    expect(ready.error).toBeUndefined();
    expect(new Date(ready.checkedAt).toISOString()).toBe(ready.checkedAt);
    // The /v1 fields of the state and nothing more: the fake printer's ~HS password (1234) stays on the server.
    expect(Object.keys(ready.state ?? {}).sort()).toEqual(Object.keys(printerStateSchema.shape).sort());
    expect(JSON.stringify(ready)).not.toContain('1234');
    fake.setState('paperOut');
    expect((await status()).state).toMatchObject({ paperOut: true, headOpen: false });
    fake.setState('headOpen');
    expect((await status()).state).toMatchObject({ paperOut: false, headOpen: true });
    // Each status is asked anew: three ~HS connections, and no label.
    expect(fake.connections.map((connection) => connection.bytes.toString('latin1'))).toEqual(['~HS', '~HS', '~HS']);
  });

  it('report an unreachable or silent printer as such, within the drivers’ timeouts', async () => {
    const dead = await addRaw(await closedPort());
    expect((await api(server, `/api/printers/${dead.id}/status`)).json()).toMatchObject({
      reachable: false,
      state: null,
      error: expect.stringMatching(/connection refused/),
    });
    const fake = await fakePrinter();
    fake.silent(true);
    const silent = await addRaw(fake.port);
    expect((await api(server, `/api/printers/${silent.id}/status`)).json()).toMatchObject({
      reachable: true,
      state: null,
      error: expect.stringMatching(/timed out after 3 s waiting for ~HS answer/),
    });
    const office = (await api(server, '/api/printers'))
      .json<{ printers: EditorPrinter[] }>()
      .printers.find((printer) => printer.name === 'Office');
    expect((await api(server, `/api/printers/${office?.id}/status`)).json()).toMatchObject({
      reachable: null,
      state: null,
      error: expect.stringMatching(/lpstat -p GK420/),
    });
  });

  it('need the session, and the editor header for changes made with the cookie', async () => {
    expect((await api(server, '/api/printers', { auth: 'none' })).status).toBe(401);
    const cookie = await signIn(server);
    const json = { name: 'Cookie printer', connection: { kind: 'raw', host: 'zebra' } };
    expect((await api(server, '/api/printers', { auth: { cookie }, json })).status).toBe(403);
    expect((await api(server, '/api/printers', { auth: { cookie }, json, editorHeader: true })).status).toBe(201);
  });
});
