// POST /api/preview with counters: the workspace's next values are shown and never taken.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, startEditorServer, type EditorServer } from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
beforeAll(async () => {
  server = await startEditorServer();
});
afterAll(async () => {
  await server.close();
});

const numbered = {
  formatVersion: 1,
  meta: { name: 'Numbered' },
  dimensions: { width: '60mm', height: '15mm' },
  elements: [
    {
      id: 'serial',
      type: 'text',
      position: { mode: 'absolute', x: '2mm', y: '2mm' },
      width: '56mm',
      height: '8mm',
      contentExpression: '"SN" + counter("parcel", {start: 100, pad: 5})',
      style: { fontFamily: 'Printer 0' },
    },
  ],
};

async function previewSerial(): Promise<string | undefined> {
  const answer = await api(server, '/api/preview', { json: { template: numbered, data: {}, format: 'zpl' } });
  expect(answer.status, answer.text).toBe(200);
  return /\^FD(SN\d+)\^FS/.exec(answer.text)?.[1];
}

it("shows the workspace counter's next value, without advancing it", async () => {
  expect(await previewSerial()).toBe('SN00100');
  const teamId = (await server.store.settings.get('workspaceTeamId')) ?? '';
  // Live renders of the workspace team took 42 values meanwhile.
  await server.store.counters.reserve(teamId, { parcel: { start: 100, step: 1 } }, 42);
  expect(await previewSerial()).toBe('SN00142');
  expect(await previewSerial()).toBe('SN00142');
  expect(await server.store.counters.peek(teamId, { parcel: { start: 100, step: 1 } })).toEqual({ parcel: 142 });
});
