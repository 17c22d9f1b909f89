// `npm run bench`: every benchmark of the project, each printing a table with ratios against a baseline run in the same process.
import { memoryBench } from './memoryBench';
import { renderBench } from './renderBench';

async function main(): Promise<void> {
  await renderBench();
  await memoryBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
