// Build plugin: `import sql from './0001_initial.sql'` gives the file's text, as esbuild's `--loader:.sql=text` does for the CLI bundle.
import type { Plugin } from 'vite';

/** Shared by vitest (tests import the migrations) and electron-vite (the desktop main process opens the store). */
export function sqlText(): Plugin {
  return {
    name: 'labelsmith:sql-text',
    transform: (code, id) =>
      id.endsWith('.sql') ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined,
  };
}
