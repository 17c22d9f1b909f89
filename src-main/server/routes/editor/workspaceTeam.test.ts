// A new workspace opens on the sample templates with their sample data; restarts do not add them again, nor bring back deleted ones.
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorTemplate } from '@shared/api/editorApi';
import { renderLabels } from '@shared/render/renderBatch';
import { bundledFonts } from '../../../fonts/bundledFonts';
import { api, startEditorServer, tempDir, type EditorServer } from '../../../../test/support/server/editorTestSupport';

const running: EditorServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(dataDir: string): Promise<EditorServer> {
  const server = await startEditorServer({ dataDir });
  running.push(server);
  return server;
}

async function gallery(server: EditorServer): Promise<{ id: string; name: string; status: string }[]> {
  return (await api(server, '/api/templates')).json<{ templates: { id: string; name: string; status: string }[] }>()
    .templates;
}

describe('a new workspace', () => {
  it('has the sample templates as drafts with their sample data, which render; a restart adds nothing, a deleted one stays deleted', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const samples = await gallery(first);
    expect(samples.map((template) => [template.name, template.status]).sort()).toEqual([
      ['Asset tag 2x1.25', 'draft'],
      ['Shipping label 4x6', 'draft'],
    ]);
    for (const { id } of samples) {
      const { content } = (await api(first, `/api/templates/${id}`)).json<EditorTemplate>();
      const [record] = content.meta.sampleData ?? [];
      expect(record, content.meta.name).toBeDefined();
      // As a batch of that one record, which warns of every field the record leaves empty: the sample fills them all.
      const pdf = await renderLabels(content, [record], { format: 'pdf', fonts: bundledFonts() });
      expect(
        pdf.warnings.filter((warning) => warning.code === 'FIELD_MISSING'),
        content.meta.name,
      ).toEqual([]);
      expect(pdf.labelCount).toBe(1);
    }
    const removed = samples[0]!;
    expect((await api(first, `/api/templates/${removed.id}`, { method: 'DELETE' })).status).toBe(204);
    await first.close();
    running.splice(0);

    const again = await start(dataDir);
    expect((await gallery(again)).map((template) => template.id)).toEqual(
      samples.slice(1).map((template) => template.id),
    );
  });
});
