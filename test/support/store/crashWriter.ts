// Test fixture for crashSafety.test.ts: records renders in a loop and prints each id once recordRender resolved (its "200").
import { writeSync } from 'node:fs';
import { openStore } from '@main/store/openStore';
import { recordRender } from '@main/store/recordRender';

const [dataDir, teamId] = process.argv.slice(2);
if (dataDir === undefined || teamId === undefined) throw new Error('usage: crashWriter DATA_DIR TEAM_ID');
const store = await openStore(dataDir);
for (let n = 0; ; n += 1) {
  // Up to 256 KiB, filled with a pattern the test can check, so a torn file would show.
  const bytes = Buffer.alloc(1 + ((n * 7919) % (256 * 1024)), n % 251);
  const render = await recordRender(store, {
    teamId,
    apiKeyId: null,
    mode: n % 3 === 0 ? 'test' : 'live',
    format: 'png',
    bytes,
    renderTimeMs: n,
  });
  writeSync(1, `${render.id} ${n}\n`);
}
