// /api/virtual-printers against a real server: a virtual printer added, changed and removed in the editor listens (and stops) as one added with the CLI, an old system's label reaching the fake printer; the CLI's refusals with status, code and field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorPrinter, EditorVirtualPrinter } from '@shared/api/editorPrinters';
import { carrierLabel, connectOldSystem, waitForPort } from '../../../../test/support/printing/oldSystemClient';
import { fakePrinter } from '../../../../test/support/printing/printingTestSupport';
import { QUICK_QUEUE, received } from '../../../../test/support/printing/virtualPrinterTestSupport';
import { freePort } from '../../../../test/support/server/freePort';
import { api, startEditorServer, type EditorServer } from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
let dock: EditorPrinter;
const fake = await fakePrinter();

beforeAll(async () => {
  server = await startEditorServer({ printQueue: QUICK_QUEUE, virtualPrinters: { rescanMs: 100 } });
  const added = await api(server, '/api/printers', {
    json: { name: 'Dock 1', connection: { kind: 'raw', host: fake.host, port: fake.port } },
  });
  dock = added.json<EditorPrinter>();
});
afterAll(async () => {
  await server.close();
});

/** Resolves 'refused' once nothing listens on the port any more. */
const refused = (port: number) =>
  connectOldSystem(port).then(
    (connection) => (void connection.end(), 'open'),
    () => 'refused',
  );

describe('virtual printers in the editor', () => {
  it('are added, listen within seconds and send an old system’s label to the printer; changed to another port; removed', async () => {
    const port = await freePort();
    const body = { name: 'Old WMS', listen: `127.0.0.1:${port}`, routes: ['Dock 1'], pool: 'failover', dpi: 203 };
    const added = await api(server, '/api/virtual-printers', { json: body });
    expect(added.status, added.text).toBe(201);
    const virtual = added.json<EditorVirtualPrinter>();
    expect(virtual).toEqual({
      id: expect.any(String),
      name: 'Old WMS',
      listen: `127.0.0.1:${port}`,
      routes: ['Dock 1'],
      routeIds: [dock.id],
      pool: 'failover',
      allowedClients: [],
      dpi: 203,
    });
    expect((await api(server, '/api/virtual-printers')).json()).toEqual({ virtualPrinters: [virtual] });

    await waitForPort(port);
    const wms = await connectOldSystem(port);
    wms.send(carrierLabel('1Z999AA10000000201'));
    await wms.end();
    await expect.poll(() => received(fake), { timeout: 10_000 }).toContain('1Z999AA10000000201');

    const moved = await freePort();
    const changed = await api(server, `/api/virtual-printers/${virtual.id}`, {
      method: 'PUT',
      json: { ...body, listen: `127.0.0.1:${moved}`, routes: [dock.id], dpi: null },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json()).toEqual({ ...virtual, listen: `127.0.0.1:${moved}`, dpi: null });
    await waitForPort(moved);
    await expect.poll(() => refused(port)).toBe('refused');

    const removed = await api(server, `/api/virtual-printers/${virtual.id}`, { method: 'DELETE' });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json()).toMatchObject({ id: virtual.id, name: 'Old WMS' });
    await expect.poll(() => refused(moved)).toBe('refused');
    expect((await api(server, '/api/virtual-printers')).json()).toEqual({ virtualPrinters: [] });
    expect((await api(server, `/api/virtual-printers/${virtual.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('are refused as the CLI refuses them, each problem named by its field', async () => {
    const port = await freePort();
    const body = { name: 'Old WMS', listen: `127.0.0.1:${port}`, routes: ['Dock 1'] };
    const refusal = async (json: Record<string, unknown>) => {
      const answer = await api(server, '/api/virtual-printers', { json: { ...body, ...json } });
      return { status: answer.status, ...answer.json<{ code: string; error: string }>() };
    };
    expect(await refusal({ listen: 'printer.local:9101' })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringMatching(/^listen: must be ADDRESS:PORT with an IP address/),
      details: { errors: [{ path: 'listen', message: expect.any(String) }] },
    });
    expect(await refusal({ listen: '127.0.0.1:70000' })).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(await refusal({ routes: ['Dock 9'] })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: 'routes: the team has no printer "Dock 9" (give printer ids or names)',
    });
    expect(await refusal({ routes: [] })).toMatchObject({
      status: 400,
      error: 'routes: must name at least one printer',
    });
    expect(await refusal({ routes: ['Dock 1', dock.id] })).toMatchObject({
      status: 400,
      error: 'routes: must not name a printer twice',
    });
    expect(await refusal({ dpi: 250 })).toMatchObject({ status: 400, code: 'BAD_REQUEST', error: /^dpi: / });
    expect(await refusal({ pool: 'random' })).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    // Beyond loopback: the allow-list first, then the server's LAN access, which is off here.
    expect(await refusal({ listen: `0.0.0.0:${port}` })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: /^allowedClients: a virtual printer listening beyond loopback needs the client addresses/,
    });
    expect(await refusal({ listen: `0.0.0.0:${port}`, allowedClients: ['192.168.10.0/24'] })).toMatchObject({
      status: 409,
      code: 'LAN_ACCESS_OFF',
      error: /^listen: listening beyond this machine needs LAN access/,
    });
    expect(await refusal({ allowedClients: ['not-an-address'] })).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    // LAN access switched on in Settings (for the next start): taken, to listen once the server listens beyond loopback.
    await server.store.settings.set('lanAccess', true);
    const lan = { ...body, name: 'LAN WMS', listen: `0.0.0.0:${port}`, allowedClients: ['192.168.10.0/24'] };
    const onLan = await api(server, '/api/virtual-printers', { json: lan });
    expect(onLan.status, onLan.text).toBe(201);
    await server.store.settings.set('lanAccess', false);
    expect(
      (await api(server, `/api/virtual-printers/${onLan.json<EditorVirtualPrinter>().id}`, { method: 'DELETE' }))
        .status,
    ).toBe(200);

    expect((await api(server, '/api/virtual-printers', { json: body })).status).toBe(201);
    expect(await refusal({ listen: `127.0.0.1:${await freePort()}` })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      error: 'name: the team already has a virtual printer named "Old WMS"',
    });
    expect(await refusal({ name: 'Other WMS' })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      error: `listen: port ${port} is already the virtual printer "Old WMS"'s`,
    });
    expect(
      (await api(server, '/api/virtual-printers/unknown', { method: 'PUT', json: { ...body, name: 'x' } })).status,
    ).toBe(404);
  });
});
