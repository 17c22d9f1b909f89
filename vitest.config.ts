import { defineConfig, type Plugin } from 'vitest/config';

/** `import sql from './0001_initial.sql'` gives the file's text, as esbuild's `--loader:.sql=text` does in the bundle. */
function sqlText(): Plugin {
  return {
    name: 'labelsmith:sql-text',
    transform: (code, id) => (id.endsWith('.sql') ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined),
  };
}

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
