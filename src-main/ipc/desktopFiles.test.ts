// Reading and saving through the desktop bridge: real files in a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '@shared/errors';
import { MAX_TEMPLATE_FILE_BYTES } from '@shared/api/ipc';
import { dialogFilters, readTemplateFile, suggestedPath } from './desktopFiles';

const dir = mkdtempSync(join(tmpdir(), 'labelsmith-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readTemplateFile', () => {
  it('gives the file name and its text', async () => {
    const path = join(dir, 'price-tag.template.json');
    writeFileSync(path, '{"formatVersion": 1, "meta": {"name": "Größe"}}');
    expect(await readTemplateFile(path)).toEqual({
      fileName: 'price-tag.template.json',
      text: '{"formatVersion": 1, "meta": {"name": "Größe"}}',
    });
  });

  it('refuses a file larger than a template can be, with its size', async () => {
    const path = join(dir, 'photo.json');
    writeFileSync(path, Buffer.alloc(MAX_TEMPLATE_FILE_BYTES + 1, 0x20));
    await expect(readTemplateFile(path)).rejects.toThrow(BadRequestError);
    await expect(readTemplateFile(path)).rejects.toThrow('photo.json is 1.0 MB: a template file is at most 1 MB');
  });

  it('fails with the system error for a file that is gone', async () => {
    await expect(readTemplateFile(join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('save dialogs', () => {
  it("offer the format's extensions first, then any file", () => {
    expect(dialogFilters('template')[0]).toEqual({ name: 'Label template', extensions: ['json'] });
    expect(dialogFilters('zpl')[0]?.extensions).toEqual(['zpl', 'txt']);
    expect(dialogFilters('pdf')[1]).toEqual({ name: 'All files', extensions: ['*'] });
  });

  it('start in the folder with the suggested name, which cannot climb out of it', () => {
    expect(suggestedPath('/home/ada/Documents', 'label.pdf')).toBe('/home/ada/Documents/label.pdf');
    expect(suggestedPath('/home/ada/Documents', '../../etc/passwd')).toBe('/home/ada/Documents/passwd');
  });
});
