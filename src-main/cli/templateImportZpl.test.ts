// `labelsmith template import-zpl` through the bundled CLI: the stored template, its bindings and warnings, and exit 2 on bad input.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORED_FORMAT } from '../../test/support/engine/zplImportFixtures';
import { runNodeScript, type ProcessRun } from '../../test/support/cli/runProcess';
import { bundleForNode, openTestStore, tempDataDir } from '../../test/support/store/storeTestSupport';

let cli = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
});

function run(args: string[]): Promise<ProcessRun> {
  return runNodeScript(cli, args, {});
}

describe('labelsmith template import-zpl', () => {
  it('stores the label as a draft (or published) template of the team, ^FN fields bound, and prints id, slug and warnings', async () => {
    const dir = tempDataDir();
    const d = ['--data-dir', dir];
    const team = JSON.parse((await run(['team', 'create', '--name', 'Crates', '--plan', 'pro', ...d])).stdout) as {
      id: string;
    };
    const file = join(dir, 'crate.zpl');
    writeFileSync(file, `${STORED_FORMAT}\n^XA^FO10,10^QQ1^FS^XZ\n`);

    const result = await run([
      'template',
      'import-zpl',
      file,
      '--team',
      team.id,
      '--slug',
      'crate',
      '--name',
      'Crate label',
      '--size',
      '4x6',
      '--dpmm',
      '8',
      ...d,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      id: string;
      slug: string;
      name: string;
      status: string;
      warnings: { code: string; position?: number }[];
    };
    expect(printed).toMatchObject({ id: expect.any(String), slug: 'crate', name: 'Crate label', status: 'draft' });
    // The file's second label has an unknown command; the first label read cleanly.
    expect(printed.warnings).toEqual([
      expect.objectContaining({ code: 'ZPL_UNKNOWN_COMMAND', position: expect.any(Number) }),
    ]);

    const stored = (await (await openTestStore(dir)).templates.get(printed.id))!;
    expect(stored.teamId).toBe(team.id);
    expect(stored.content.dimensions).toEqual({ width: '101.6mm', height: '152.4mm' });
    expect(stored.content.meta.sampleData?.[0]).toMatchObject({ field1: 'WIDGET 40', field3: '401234567890' });
    expect(
      stored.content.elements.filter((element) => element.type === 'barcode').map((element) => element.symbology),
    ).toEqual(['code128', 'qrcode']);

    const second = await run([
      'template',
      'import-zpl',
      '-',
      '--team',
      team.id,
      '--slug',
      'second',
      '--index',
      '1',
      '--publish',
      ...d,
    ]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/no label/);
  });

  it('exits 2 naming the problem: no label, a bad density, a missing file, a missing slug', async () => {
    const dir = tempDataDir();
    const d = ['--data-dir', dir];
    const team = JSON.parse((await run(['team', 'create', '--name', 'Crates', '--plan', 'pro', ...d])).stdout) as {
      id: string;
    };
    const empty = join(dir, 'empty.zpl');
    writeFileSync(empty, 'hello, not ZPL');
    const cases: [string[], RegExp][] = [
      [[empty], /holds no label/],
      [[empty, '--dpmm', '7'], /6dpmm, 8dpmm/],
      [[join(dir, 'missing.zpl')], /cannot read ZPL file/],
    ];
    for (const [args, message] of cases) {
      const result = await run(['template', 'import-zpl', ...args, '--team', team.id, '--slug', 'x', ...d]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    const noSlug = await run(['template', 'import-zpl', empty, '--team', team.id, ...d]);
    expect(noSlug.code).toBe(2);
    expect(noSlug.stderr).toMatch(/--slug/);
  });
});
