// `npm run bench`: every benchmark of the project, each printing a table with ratios against a baseline run in the same process.
import { batchBench } from './batchBench';
import { editorBench } from './editorBench';
import { fairnessBench } from './fairnessBench';
import { firstPaintBench } from './firstPaintBench';
import { hotQueriesBench } from './hotQueriesBench';
import { httpBench } from './httpBench';
import { imageCacheBench, teamCacheBench } from './imageCacheBench';
import { memoryBench } from './memoryBench';
import { nodesBench } from './nodesBench';
import { poolBench } from './poolBench';
import { renderBench } from './renderBench';
import { requestPathBench } from './requestPathBench';
import { zplInBench } from './zplInBench';
import { groupCommitBench } from './groupCommitBench';
import { zplTextBench } from './zplTextBench';
import { virtualPrinterBench } from './virtualPrinterBench';

const BENCHES: Record<string, () => Promise<void>> = {
  renderBench,
  memoryBench,
  poolBench,
  httpBench,
  editorBench,
  firstPaintBench,
  batchBench,
  zplInBench,
  zplTextBench,
  nodesBench,
  imageCacheBench,
  teamCacheBench,
  requestPathBench,
  groupCommitBench,
  hotQueriesBench,
  fairnessBench,
  virtualPrinterBench,
};

/**
 * `npm run bench -- zplInBench httpBench` or LABELSMITH_BENCH=zplInBench,httpBench runs only those (in BENCHES'
 * order); neither runs them all.
 */
async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const only = named.length > 0 ? named : process.env.LABELSMITH_BENCH?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !(name in BENCHES)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown bench ${unknown.join(', ')}: choose from ${Object.keys(BENCHES).join(', ')}`);
  for (const [name, bench] of Object.entries(BENCHES)) if (!only || only.includes(name)) await bench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
