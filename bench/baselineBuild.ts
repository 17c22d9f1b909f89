// The CLI of an earlier commit, built beside this checkout, for benches that compare today's server with the one before a change in the same run.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository this bench was built from (out/node/bench/… → the checkout). */
const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The bundled CLI (out/node/cli/labelsmith.mjs) of `commit`: checked out once into a detached worktree under the
 * temporary folder, sharing this checkout's node_modules (the dependencies an older commit used are a subset of
 * today's), and built with its own `npm run build:node`. Later runs reuse the build. Throws with the reason when this
 * is not a git checkout or the commit is unknown.
 */
export function baselineCli(commit: string): string {
  const revision = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], {
    cwd: CHECKOUT,
    encoding: 'utf8',
  }).trim();
  const folder = join(tmpdir(), `labelsmith-baseline-${revision.slice(0, 12)}`);
  const cli = join(folder, 'out', 'node', 'cli', 'labelsmith.mjs');
  if (existsSync(cli)) return cli;
  if (!existsSync(folder))
    execFileSync('git', ['worktree', 'add', '--detach', folder, revision], { cwd: CHECKOUT, stdio: 'ignore' });
  if (!existsSync(join(folder, 'node_modules')))
    symlinkSync(join(CHECKOUT, 'node_modules'), join(folder, 'node_modules'));
  execFileSync('npm', ['run', 'build:node'], { cwd: folder, stdio: 'ignore' });
  return cli;
}
