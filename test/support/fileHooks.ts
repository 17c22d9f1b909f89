// Test support: cleanups that run after each test and after each test file, for every file a fork runs, although the support modules that register them are evaluated once a fork.
//
// Test files share one module graph per fork (`isolate: false` in vitest.config.ts), so a hook a support module
// registers with vitest's afterAll at its top level would run for the first file that imports it only. Support
// modules register here instead; `fileSetup.ts`, which vitest runs before every file, runs these after it.

type Cleanup = () => unknown;

const afterTest: Cleanup[] = [];
const afterFile: Cleanup[] = [];

/** `cleanup` runs after every test from now on (in any file of this fork). */
export function afterEveryTest(cleanup: Cleanup): void {
  afterTest.push(cleanup);
}

/** `cleanup` runs after every test file from now on, once the file's own afterAll hooks ran. */
export function afterEveryFile(cleanup: Cleanup): void {
  afterFile.push(cleanup);
}

/** Last registered first, as vitest runs its own after-hooks. */
async function runAll(cleanups: Cleanup[]): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) await cleanup();
}

export const runAfterTest = (): Promise<void> => runAll(afterTest);
export const runAfterFile = (): Promise<void> => runAll(afterFile);
