import { existsSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { periodOf } from '@shared/api/plans';
import { recordRender } from './recordRender';
import { ORPHAN_GRACE_MS, removeOrphans } from './removeOrphans';
import { openTestStore, tempDataDir } from '../../test/support/store/storeTestSupport';

function ageFile(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}

describe('orphan removal at start', () => {
  it('removes stray files, leftover temp files and rows without a file; keeps good renders and fresh files', async () => {
    const dir = tempDataDir();
    const first = await openTestStore(dir);
    const team = await first.teams.create({ name: 'Acme', plan: 'dev' });
    const input = {
      teamId: team.id,
      apiKeyId: null,
      mode: 'live',
      format: 'pdf',
      bytes: Buffer.from('%PDF'),
      renderTimeMs: 1,
    } as const;
    const kept = await recordRender(first, input);
    const lost = await recordRender(first, input);
    await first.close();

    const outputs = join(dir, 'outputs');
    rmSync(join(outputs, lost.fileName));
    const stray = join(outputs, '11111111-1111-4111-8111-111111111111.pdf');
    const temp = join(outputs, '.22222222-2222-4222-8222-222222222222.png.4242.tmp');
    const fresh = join(outputs, '33333333-3333-4333-8333-333333333333.zpl');
    for (const path of [stray, temp, fresh]) writeFileSync(path, 'x');
    ageFile(stray, ORPHAN_GRACE_MS + 1000);
    ageFile(temp, ORPHAN_GRACE_MS + 1000);
    ageFile(join(outputs, kept.fileName), ORPHAN_GRACE_MS + 1000);

    const second = await openTestStore(dir);
    expect(readdirSync(outputs).sort()).toEqual([kept.fileName, '33333333-3333-4333-8333-333333333333.zpl'].sort());
    expect(await second.renders.get(lost.id)).toBeUndefined();
    expect(await second.renders.lookup(lost.id)).toBeUndefined();
    expect(await second.renders.get(kept.id)).toEqual(kept);
    // The count stays: the render happened and was answered.
    expect((await second.usage.get(team.id, periodOf(kept.createdAt).period)).live).toBe(2);

    // Once the fresh one is old enough, a later sweep takes it.
    ageFile(fresh, ORPHAN_GRACE_MS + 1000);
    expect(await removeOrphans(second)).toEqual({ files: 1, rows: 0 });
    expect(existsSync(fresh)).toBe(false);
  });

  it('is skipped with removeOrphans: false (the admin CLI)', async () => {
    const dir = tempDataDir();
    await (await openTestStore(dir)).close();
    const stray = join(dir, 'outputs', '11111111-1111-4111-8111-111111111111.pdf');
    writeFileSync(stray, 'x');
    ageFile(stray, ORPHAN_GRACE_MS * 10);
    await openTestStore(dir, { removeOrphans: false });
    expect(existsSync(stray)).toBe(true);
  });
});
