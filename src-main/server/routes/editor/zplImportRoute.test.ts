// POST /api/zpl/import through the real server: a draft template of the workspace team, its warnings, the session and CSRF rules, 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorSession, EditorTemplate, EditorZplImport } from '@shared/api/editorApi';
import { EXPRESS_PARCEL, STORED_FORMAT } from '../../../../test/support/engine/zplImportFixtures';
import { api, signIn, startEditorServer, type EditorServer } from '../../../../test/support/server/editorTestSupport';

let server: EditorServer;
beforeAll(async () => {
  server = await startEditorServer();
});
afterAll(() => server.close());

/** The templates of the team the editor works as. */
async function workspaceTemplates() {
  const { teamId } = (await api(server, '/api/session')).json<EditorSession>();
  return { teamId, templates: await server.store.templates.listForTeam(teamId, { publishedOnly: false }) };
}

describe('POST /api/zpl/import', () => {
  it('makes a draft template of the workspace team, 4 x 6 in at 8 dpmm by default, with the warnings', async () => {
    const answer = await api(server, '/api/zpl/import', { json: { zpl: EXPRESS_PARCEL, name: 'Next day parcel' } });
    expect(answer.status, answer.text).toBe(201);
    const imported = answer.json<EditorZplImport>();
    expect(imported).toMatchObject({ id: expect.any(String), slug: 'next-day-parcel', name: 'Next day parcel' });
    // The MaxiCode has no template symbology: kept as an image, and said so.
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: 'ZPL_IMPORT_AS_IMAGE' }));
    const stored = (await server.store.templates.get(imported.id))!;
    expect(stored).toMatchObject({ teamId: (await workspaceTemplates()).teamId, status: 'draft' });
    expect(stored.content.dimensions).toEqual({ width: '101.6mm', height: '152.4mm' });
    // The gallery's routes see it as any other template.
    const read = (await api(server, `/api/templates/${imported.id}`)).json<EditorTemplate>();
    expect(read.content.elements.some((element) => element.type === 'barcode' && element.symbology === 'code128')).toBe(
      true,
    );
  });

  it('takes the size, density, label index and slug, and binds ^FN fields', async () => {
    const zpl = `^XA^FO10,10^A0N,30^FDfirst^FS^XZ\n${STORED_FORMAT}`;
    const answer = await api(server, '/api/zpl/import', {
      json: { zpl, dpmm: 12, width: 4, height: 3, index: 1, slug: 'crate-label' },
    });
    expect(answer.status, answer.text).toBe(201);
    const imported = answer.json<EditorZplImport>();
    expect(imported).toMatchObject({ slug: 'crate-label', name: 'Imported ZPL label' });
    const { content } = (await server.store.templates.get(imported.id))!;
    expect(content.dimensions).toEqual({ width: '101.6mm', height: '76.2mm' });
    expect(content.meta.sampleData?.[0]).toMatchObject({ field1: 'WIDGET 40' });
    expect(content.elements.find((element) => element.type === 'text')).toMatchObject({
      content: { expression: 'data.field1' },
    });
  });

  it('reads the ZPL as the bytes a printer would get: ^CI28 text in UTF-8', async () => {
    const answer = await api(server, '/api/zpl/import', {
      json: { zpl: '^XA^CI28^FO20,20^A0N,40^FDMünchen – Straße^FS^XZ' },
    });
    expect(answer.status, answer.text).toBe(201);
    const { content } = (await server.store.templates.get(answer.json<EditorZplImport>().id))!;
    expect(content.elements[0]).toMatchObject({ type: 'text', content: { text: 'München – Straße' } });
  });

  it('answers 400 with the API error shape for input it cannot import, and stores nothing', async () => {
    const before = (await workspaceTemplates()).templates.length;
    const cases: unknown[] = [
      { zpl: 'not a label' },
      { zpl: '^XA^FDx^FS^XZ', index: 3 },
      { zpl: '^XA^XZ', dpmm: 7 },
      { zpl: '' },
      { zpl: 42 },
      { zpl: '^XA^XZ', width: 40 },
    ];
    for (const json of cases) {
      const answer = await api(server, '/api/zpl/import', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST', error: expect.any(String) });
    }
    expect((await workspaceTemplates()).templates).toHaveLength(before);
  });

  it('needs the admin session, and with the cookie the CSRF header', async () => {
    expect((await api(server, '/api/zpl/import', { auth: 'none', json: { zpl: EXPRESS_PARCEL } })).status).toBe(401);
    const cookie = await signIn(server);
    expect((await api(server, '/api/zpl/import', { auth: { cookie }, json: { zpl: EXPRESS_PARCEL } })).status).toBe(
      403,
    );
    expect(
      (await api(server, '/api/zpl/import', { auth: { cookie }, editorHeader: true, json: { zpl: EXPRESS_PARCEL } }))
        .status,
    ).toBe(201);
  });
});
