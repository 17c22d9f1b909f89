import { defineConfig } from 'vitest/config';
import { sqlText } from './src-main/build/sqlTextPlugin';

// Two cores on CI machines: two forks keep the suite parallel without thrashing.
export default defineConfig({
  plugins: [sqlText()],
  test: {
    include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx', 'e2e/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Generous: a CLI test starts its process several times (about 1 s each on a quiet machine, 4-5 s on a loaded
    // one); a slow machine must not fail what a fast one passes. Speed is measured by `npm run bench`, not here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for what a page or a server will show: 1 s (vitest's default) is one busy moment on a loaded
    // machine. A value that never comes still fails, after 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
