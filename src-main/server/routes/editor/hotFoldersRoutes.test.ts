// /api/hot-folders against a real server: a hot folder added in the editor is watched by the server within seconds (files printed once, moved to done/), switched off and on, removed; bad folders refused with status, code and message, and a folder gone later listed with its problem.
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorHotFolder, EditorPrinter } from '@shared/api/editorPrinters';
import { fakePrinter, TAG } from '../../../../test/support/printing/printingTestSupport';
import { QUICK_QUEUE, received } from '../../../../test/support/printing/virtualPrinterTestSupport';
import { api, startEditorServer, type EditorServer } from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
const folders: string[] = [];

beforeAll(async () => {
  server = await startEditorServer({
    printQueue: QUICK_QUEUE,
    hotFolders: { rescanMs: 100, pollMs: 50, stableMs: 200 },
  });
  const template = await api(server, '/api/templates', { json: { content: TAG, slug: 'tag' } });
  expect(template.status, template.text).toBe(201);
});
afterAll(async () => {
  await server.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

let printers = 0;
async function printerAt(port: number, host: string): Promise<EditorPrinter> {
  printers += 1;
  const added = await api(server, '/api/printers', {
    json: { name: `Packing ${printers}`, connection: { kind: 'raw', host, port } },
  });
  expect(added.status, added.text).toBe(201);
  return added.json<EditorPrinter>();
}

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'labelsmith-hot-folder-api-'));
  folders.push(folder);
  return folder;
}

const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

describe('hot folders in the editor', () => {
  it('are watched by the server once added: files print once and move to done/; switched off, on again, removed', async () => {
    const fake = await fakePrinter();
    const printer = await printerAt(fake.port, fake.host);
    const folder = await newFolder();
    const body = { folder, printerId: printer.id, templateSlug: 'tag', enabled: true };
    const added = await api(server, '/api/hot-folders', { json: body });
    expect(added.status, added.text).toBe(201);
    const hotFolder = added.json<EditorHotFolder>();
    expect(hotFolder).toEqual({ id: expect.any(String), ...body, printer: printer.name, problem: null });
    expect((await api(server, '/api/hot-folders')).json()).toEqual({ hotFolders: [hotFolder] });

    await writeFile(join(folder, 'a.zpl'), '^XA^FO20,20^A0N,30,30^FDFrom the folder^FS^XZ\n');
    await writeFile(join(folder, 'b.csv'), 'title\nCSV row 1\nCSV row 2\n');
    await expect
      .poll(() => readdir(join(folder, 'done')).catch(() => []), { timeout: 15_000 })
      .toEqual(['a.zpl', 'b.csv']);
    await expect.poll(() => received(fake), { timeout: 15_000 }).toContain('CSV row 2');
    expect(received(fake).split('From the folder').length - 1).toBe(1);

    const off = await api(server, `/api/hot-folders/${hotFolder.id}`, {
      method: 'PUT',
      json: { ...body, enabled: false },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.json()).toEqual({ ...hotFolder, enabled: false });
    // Past several rescans and polls: a switched-off folder is left alone.
    await pause(600);
    await writeFile(join(folder, 'c.zpl'), '^XA^FO20,20^A0N,30,30^FDWhile off^FS^XZ\n');
    await pause(1000);
    expect(await readdir(folder)).toContain('c.zpl');

    const on = await api(server, `/api/hot-folders/${hotFolder.id}`, { method: 'PUT', json: body });
    expect(on.status, on.text).toBe(200);
    await expect.poll(() => received(fake), { timeout: 15_000 }).toContain('While off');

    const removed = await api(server, `/api/hot-folders/${hotFolder.id}`, { method: 'DELETE' });
    expect(removed.status, removed.text).toBe(200);
    expect((await api(server, '/api/hot-folders')).json()).toEqual({ hotFolders: [] });
    expect((await api(server, `/api/hot-folders/${hotFolder.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuse a folder that is not there, a relative path, another workspace’s printer or template, and the same folder twice', async () => {
    const fake = await fakePrinter();
    const printer = await printerAt(fake.port, fake.host);
    const folder = await newFolder();
    const refusal = async (json: Record<string, unknown>) => {
      const answer = await api(server, '/api/hot-folders', { json: { folder, printerId: printer.id, ...json } });
      return { status: answer.status, ...answer.json<{ code: string; error: string }>() };
    };
    expect(await refusal({ folder: join(folder, 'missing') })).toEqual({
      status: 400,
      code: 'FOLDER_NOT_FOUND',
      error: `${JSON.stringify(join(folder, 'missing'))} is not a folder on the machine running Labelsmith: create it, or correct the path`,
    });
    await writeFile(join(folder, 'a-file'), '');
    expect(await refusal({ folder: join(folder, 'a-file') })).toMatchObject({ status: 400, code: 'FOLDER_NOT_FOUND' });
    expect(await refusal({ folder: 'inbox' })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: 'folder: must be the folder’s absolute path, e.g. /srv/labels/inbox',
    });
    expect(await refusal({ printerId: 'unknown' })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: 'printerId: the workspace has no printer "unknown"',
    });
    expect(await refusal({ templateSlug: 'no-such-template' })).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: 'templateSlug: the workspace has no template "no-such-template"',
    });
    expect((await api(server, '/api/hot-folders', { json: { folder, printerId: printer.id } })).status).toBe(201);
    expect(await refusal({ folder: `${folder}/.` })).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await refusal({ templateSlug: 'tag' })).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it.skipIf(process.getuid?.() === 0)('refuse a folder it cannot write (FOLDER_NOT_WRITABLE)', async () => {
    const fake = await fakePrinter();
    const printer = await printerAt(fake.port, fake.host);
    const folder = await newFolder();
    await chmod(folder, 0o500);
    const answer = await api(server, '/api/hot-folders', { json: { folder, printerId: printer.id } });
    expect([answer.status, answer.json<{ code: string }>().code]).toEqual([400, 'FOLDER_NOT_WRITABLE']);
    await chmod(folder, 0o700);
  });

  it('list a folder removed since, or whose printer was removed, with its problem; the server keeps running', async () => {
    const fake = await fakePrinter();
    const printer = await printerAt(fake.port, fake.host);
    const [gone, orphan] = [await newFolder(), await newFolder()];
    const add = async (folder: string) =>
      (await api(server, '/api/hot-folders', { json: { folder, printerId: printer.id } })).json<EditorHotFolder>();
    const [goneFolder, orphanFolder] = [await add(gone), await add(orphan)];
    await rm(gone, { recursive: true });
    const other = await printerAt(fake.port, fake.host);
    const moved = await api(server, `/api/hot-folders/${orphanFolder.id}`, {
      method: 'PUT',
      json: { folder: orphan, printerId: other.id, templateSlug: null, enabled: true },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await api(server, `/api/printers/${other.id}`, { method: 'DELETE' })).status).toBe(200);
    await pause(300);
    const listed = (await api(server, '/api/hot-folders')).json<{ hotFolders: EditorHotFolder[] }>().hotFolders;
    expect(listed.find((hotFolder) => hotFolder.id === goneFolder.id)?.problem).toEqual({
      code: 'FOLDER_NOT_FOUND',
      message: expect.stringContaining('is not a folder on the machine running Labelsmith'),
    });
    expect(listed.find((hotFolder) => hotFolder.id === orphanFolder.id)).toMatchObject({
      printer: null,
      problem: { code: 'PRINTER_NOT_FOUND', message: 'its printer was removed: choose another one' },
    });
    expect((await api(server, '/health', { auth: 'none' })).status).toBe(200);
    // Switched off as it is, without the checks that refuse it; switched on again, refused with the folder's problem.
    const body = { folder: gone, printerId: printer.id, templateSlug: null };
    const off = await api(server, `/api/hot-folders/${goneFolder.id}`, {
      method: 'PUT',
      json: { ...body, enabled: false },
    });
    expect([off.status, off.json<EditorHotFolder>().enabled]).toEqual([200, false]);
    const on = await api(server, `/api/hot-folders/${goneFolder.id}`, {
      method: 'PUT',
      json: { ...body, enabled: true },
    });
    expect([on.status, on.json<{ code: string }>().code]).toEqual([400, 'FOLDER_NOT_FOUND']);
    for (const hotFolder of [goneFolder, orphanFolder])
      expect((await api(server, `/api/hot-folders/${hotFolder.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('hot folders across a restart', () => {
  it('are watched again by the next server on the same data directory, a file dropped meanwhile printed once', async () => {
    const fake = await fakePrinter();
    const folder = await newFolder();
    const options = { printQueue: QUICK_QUEUE, hotFolders: { rescanMs: 100, pollMs: 50, stableMs: 200 } };
    const first = await startEditorServer(options);
    const added = await api(first, '/api/printers', {
      json: { name: 'Dock', connection: { kind: 'raw', host: fake.host, port: fake.port } },
    });
    const printerId = added.json<EditorPrinter>().id;
    expect((await api(first, '/api/hot-folders', { json: { folder, printerId } })).status).toBe(201);
    await first.close();

    await writeFile(join(folder, 'while-stopped.zpl'), '^XA^FO20,20^A0N,30,30^FDDropped while stopped^FS^XZ\n');
    const second = await startEditorServer({ ...options, dataDir: first.dataDir });
    try {
      await expect
        .poll(() => readdir(join(folder, 'done')).catch(() => []), { timeout: 15_000 })
        .toEqual(['while-stopped.zpl']);
      await expect.poll(() => received(fake), { timeout: 15_000 }).toContain('Dropped while stopped');
      expect(received(fake).split('Dropped while stopped').length - 1).toBe(1);
    } finally {
      await second.close();
    }
  });
});
