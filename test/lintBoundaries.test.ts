// The layering rules in eslint.config.js: product code never imports test support or benchmarks, src-shared never imports either side, and an element kind takes only types from the format writers.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: `${import.meta.dirname}/..` });

/** The restricted-import messages eslint gives `code` as if it were the file at `filePath`. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => /^(@typescript-eslint\/)?no-restricted-imports$/.test(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it('refuse test support and benchmarks in product files of every root', async () => {
    expect(
      await restricted(
        'src-main/server/example.ts',
        "import { call } from '../../test/support/server/serverTestSupport';\nexport { call };\n",
      ),
    ).toEqual([expect.stringContaining('product code may not import test support')]);
    expect(
      await restricted(
        'src-shared/render/example.ts',
        "import { measure } from '../../bench/measure';\nexport { measure };\n",
      ),
    ).toEqual([expect.stringContaining('product code may not import test support')]);
    expect(
      await restricted('src-renderer/editor/example.tsx', "import { x } from '../../e2e/helper';\nexport { x };\n"),
    ).toEqual([expect.stringContaining('product code may not import test support')]);
  });

  it('refuse src-main and src-renderer in src-shared, and src-main in src-renderer', async () => {
    expect(
      await restricted(
        'src-shared/render/example.ts',
        "import { bundledFonts } from '../../src-main/fonts/bundledFonts';\nexport { bundledFonts };\n",
      ),
    ).toEqual([expect.stringContaining('src-shared may not import src-main or src-renderer')]);
    expect(
      await restricted(
        'src-renderer/editor/example.ts',
        "import { openStore } from '../../src-main/store/openStore';\nexport { openStore };\n",
      ),
    ).toEqual([expect.stringContaining('src-renderer may not import src-main')]);
    // The roots' aliases too.
    expect(
      await restricted(
        'src-shared/render/example.ts',
        "import { bundledFonts } from '@main/fonts/bundledFonts';\nexport { bundledFonts };\n",
      ),
    ).toEqual([expect.stringContaining('src-shared may not import src-main or src-renderer')]);
    expect(
      await restricted(
        'src-renderer/editor/example.ts',
        "import { openStore } from '@main/store/openStore';\nexport { openStore };\n",
      ),
    ).toEqual([expect.stringContaining('src-renderer may not import src-main')]);
  });

  it("refuse a format writer's code in an element kind, and let it take the writer's types", async () => {
    expect(
      await restricted(
        'src-shared/elements/text/example.ts',
        "import { rasterizeSvg } from '../../emit/png/rasterize';\nexport { rasterizeSvg };\n",
      ),
    ).toEqual([expect.stringContaining('src-shared/elements may import only types from emit/')]);
    expect(
      await restricted(
        'src-shared/elements/text/example.ts',
        "import type { ZplEmitContext } from '../../emit/zpl/zplContext';\nexport type { ZplEmitContext };\n",
      ),
    ).toEqual([]);
  });

  it('let tests use test support, and product files each other', async () => {
    expect(
      await restricted(
        'src-main/server/example.test.ts',
        "import { call } from '../../test/support/server/serverTestSupport';\nexport { call };\n",
      ),
    ).toEqual([]);
    expect(
      await restricted(
        'src-main/server/example.ts',
        "import { renderLabel } from '@shared/render/renderLabel';\nexport { renderLabel };\n",
      ),
    ).toEqual([]);
  });
});
