// `npm run bench`: every benchmark of the project, each printing a table with ratios against a baseline run in the same process.
import { renderBench } from './renderBench';

async function main(): Promise<void> {
  await renderBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
