// Vitest setup file, run before every test file: the support modules' cleanups after each test and after the file, and the file's changes to process.env undone.
import { afterAll, afterEach } from 'vitest';
import { runAfterFile, runAfterTest } from './fileHooks';

const environment = { ...process.env };

afterEach(runAfterTest);

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks last registered first): a
// file's servers close before the PostgreSQL, Redis or S3 they use stops.
afterAll(async () => {
  await runAfterFile();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
