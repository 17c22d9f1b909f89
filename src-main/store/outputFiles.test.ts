import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outputFiles } from './outputFiles';
import { tempDataDir } from './storeTestSupport';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('output files', () => {
  it('are written whole under <id>.<extension>, read back and removed', async () => {
    const outputs = outputFiles(tempDataDir());
    expect(await outputs.write(ID, 'pdf', Buffer.from('%PDF'))).toBe(`${ID}.pdf`);
    expect(readdirSync(outputs.dir)).toEqual([`${ID}.pdf`]);
    expect(outputs.read(`${ID}.pdf`).toString()).toBe('%PDF');
    expect(outputs.exists(`${ID}.pdf`)).toBe(true);
    outputs.remove(`${ID}.pdf`);
    outputs.remove(`${ID}.pdf`);
    expect(outputs.exists(`${ID}.pdf`)).toBe(false);
  });

  it('refuse names that are not a render id and an extension', async () => {
    const outputs = outputFiles(tempDataDir());
    await expect(outputs.write('../../etc/passwd', 'pdf', Buffer.from(''))).rejects.toThrow(/not a render id/);
    await expect(outputs.write(ID, 'pdf/../../x', Buffer.from(''))).rejects.toThrow(/not an output file name/);
    expect(() => outputs.read('../labelsmith.db')).toThrow(/not an output file name/);
    expect(() => outputs.remove(`${ID}.pdf/..`)).toThrow(/not an output file name/);
  });
});
