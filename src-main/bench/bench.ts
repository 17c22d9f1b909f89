// `npm run bench`: every benchmark of the project, each printing a table with ratios against a baseline run in the same process.
import { editorBench } from './editorBench';
import { httpBench } from './httpBench';
import { memoryBench } from './memoryBench';
import { poolBench } from './poolBench';
import { renderBench } from './renderBench';

async function main(): Promise<void> {
  await renderBench();
  await memoryBench();
  await poolBench();
  await httpBench();
  await editorBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
