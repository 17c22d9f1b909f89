import { defineConfig } from 'vitest/config';
import { sqlText } from './src-main/build/sqlTextPlugin';

// Two cores on CI machines: two forks keep the suite parallel without thrashing.
export default defineConfig({
  plugins: [sqlText()],
  test: {
    include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts', 'src-renderer/**/*.test.tsx', 'e2e/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
