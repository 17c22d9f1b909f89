// POST /api/print and GET /api/print-jobs/:id: the editor prints as the workspace team, with the /v1 job JSON, behind the admin session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '@shared/api/plans';
import { printJobSchema, type PrintJob } from '@shared/api/printRequest';
import type { FakeZplPrinter } from '../../../../test/support/printing/fakeZplPrinter';
import { fakePrinter } from '../../../../test/support/printing/printingTestSupport';
import { freePort } from '../../../../test/support/server/freePort';
import {
  api,
  signIn,
  smallTemplate,
  startEditorServer,
  type EditorServer,
} from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
let teamId: string;
beforeAll(async () => {
  server = await startEditorServer();
  teamId = (await server.store.settings.get('workspaceTeamId')) ?? '';
});
afterAll(async () => {
  await server.close();
});

let printerNumber = 0;
/** A workspace printer at the fake printer, set up in the store: the editor's printer routes are not under test here. */
async function printerAt(fake: FakeZplPrinter, team = teamId): Promise<string> {
  printerNumber += 1;
  const connection = { kind: 'raw' as const, host: fake.host, port: fake.port };
  return (
    await server.store.printers.create({
      teamId: team,
      name: `Printer ${printerNumber}`,
      connection,
      dpi: 203,
      media: null,
      darkness: null,
      speed: null,
    })
  ).id;
}

async function waitForJob(id: string): Promise<PrintJob> {
  for (;;) {
    const answer = await api(server, `/api/print-jobs/${id}`);
    expect(answer.status, answer.text).toBe(200);
    const job = printJobSchema.parse(answer.json());
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function labelConnections(fake: FakeZplPrinter): string[] {
  return fake.connections.map((connection) => connection.bytes.toString()).filter((bytes) => bytes !== '~HS');
}

describe('POST /api/print', () => {
  it('prints an inline template as the workspace team, answers 202 with the /v1 job JSON, and counts live usage', async () => {
    const fake = await fakePrinter();
    const printerId = await printerAt(fake);
    const usedBefore = (await server.store.usage.get(teamId, periodOf(server.store.now()).period)).live;
    const answer = await api(server, '/api/print', {
      json: { template: smallTemplate(), records: [{ title: 'One' }, { title: 'Two' }], printerId, copies: 2 },
    });
    expect(answer.status, answer.text).toBe(202);
    const job = printJobSchema.parse(answer.json());
    expect(Object.keys(answer.json()).sort()).toEqual([
      'attempts',
      'copies',
      'countersReturned',
      'createdAt',
      'format',
      'id',
      'labelCount',
      'labelsSent',
      'printerId',
      'reprintable',
      'status',
      'templateId',
      'templateVersion',
      'totalLabels',
      'updatedAt',
      'warnings',
    ]);
    expect(job).toMatchObject({ status: 'queued', printerId, labelCount: 2, copies: 2, totalLabels: 4, labelsSent: 0 });
    expect(answer.headers.get('location')).toBe(`${server.url}/api/print-jobs/${job.id}`);
    expect((await server.store.usage.get(teamId, periodOf(server.store.now()).period)).live).toBe(usedBefore + 4);

    expect(await waitForJob(job.id)).toMatchObject({ status: 'done', labelsSent: 4 });
    const titles = labelConnections(fake).flatMap((chunk) =>
      [...chunk.matchAll(/\^FD(One|Two)\^FS/g)].map((match) => match[1]),
    );
    expect(titles).toEqual(['One', 'Two', 'One', 'Two']);
  });

  it('prints a saved workspace template by id, a draft included', async () => {
    const fake = await fakePrinter();
    const printerId = await printerAt(fake);
    const created = await api(server, '/api/templates', { json: { content: smallTemplate('Draft tag') } });
    expect(created.status, created.text).toBe(201);
    const templateId = String(created.json().id);
    const answer = await api(server, '/api/print', { json: { templateId, data: { title: 'From draft' }, printerId } });
    expect(answer.status, answer.text).toBe(202);
    expect(await waitForJob(String(answer.json().id))).toMatchObject({ status: 'done' });
    expect(labelConnections(fake)).toEqual([expect.stringContaining('^FDFrom draft^FS')]);
  });

  it('answers 404 for another team’s printer or job, 400 for a bad body, and needs the session (and its header for changes)', async () => {
    const fake = await fakePrinter();
    const otherTeam = await server.store.teams.create({ name: 'Elsewhere', plan: 'pro' });
    const foreignPrinter = await printerAt(fake, otherTeam.id);
    const body = { template: smallTemplate(), data: { title: 'x' }, printerId: foreignPrinter };
    for (const notFound of [body, { ...body, templateId: 'nope', template: undefined }]) {
      const answer = await api(server, '/api/print', { json: notFound });
      expect(answer.status).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const bad = await api(server, '/api/print', { json: { ...body, copies: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', details: { errors: [{ path: 'copies' }] } });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await api(server, `/api/print-jobs/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await api(server, '/api/print', { json: body, auth: 'none' })).status).toBe(401);
    const cookie = await signIn(server);
    const withoutHeader = await api(server, '/api/print', {
      json: { ...body, printerId: await printerAt(await fakePrinter()) },
      auth: { cookie },
    });
    expect(withoutHeader.status).toBe(403);
    expect(fake.connections).toEqual([]);
  });
});

describe('a job’s ZPL and the virtual printers, for the ZPL and Printers pages', () => {
  it('answers a ZPL job’s document as the printer got it, 404 for an unknown job', async () => {
    const fake = await fakePrinter();
    const printerId = await printerAt(fake);
    const zpl = '^XA^CI28^FO20,20^A0N,30,30^FDReceived: Grüße^FS^XZ\n';
    const sent = await api(server, '/api/print', { method: 'POST', json: { printerId, zpl, copies: 1 } });
    expect(sent.status, sent.text).toBe(202);
    const job = await waitForJob(printJobSchema.parse(sent.json()).id);
    const opened = await api(server, `/api/print-jobs/${job.id}/zpl`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json()).toEqual({ zpl });
    expect((await api(server, '/api/print-jobs/00000000-0000-4000-8000-000000000000/zpl')).status).toBe(404);
  });

  it('lists the workspace’s virtual printers with their routed printers by name', async () => {
    const fake = await fakePrinter();
    const printerId = await printerAt(fake);
    const listen = { listenHost: '127.0.0.1', listenPort: await freePort() };
    await server.store.virtualPrinters.create({ teamId, name: 'old-wms', ...listen, routes: [printerId], dpi: 203 });
    const answer = await api(server, '/api/virtual-printers');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json()).toEqual({
      virtualPrinters: [
        {
          id: expect.any(String),
          name: 'old-wms',
          listen: `127.0.0.1:${listen.listenPort}`,
          routes: [`Printer ${printerNumber}`],
          routeIds: [printerId],
          pool: 'failover',
          allowedClients: [],
          dpi: 203,
        },
      ],
    });
  });
});
