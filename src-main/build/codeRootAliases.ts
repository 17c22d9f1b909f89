// The import aliases of the three code roots (@shared, @main, @renderer), as tsconfig.json's "paths" declares them, for Vite's resolver (vitest, electron-vite); esbuild reads tsconfig.json itself.
import { resolve } from 'node:path';

/** `repoRoot`: the config's own folder (a bundled config runs from elsewhere, so this module cannot find it). */
export function codeRootAliases(repoRoot: string): Record<string, string> {
  return {
    '@shared': resolve(repoRoot, 'src-shared'),
    '@main': resolve(repoRoot, 'src-main'),
    '@renderer': resolve(repoRoot, 'src-renderer'),
  };
}
