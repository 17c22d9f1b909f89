// `labelsmith zpl render|lint` through the bundled CLI: the PNG's size, PDF pages, warnings with positions and the exit codes.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../test/support/store/storeTestSupport';

const execFileAsync = promisify(execFile);

let cli = '';
let dir = '';
beforeAll(async () => {
  cli = await bundleForNode(join(import.meta.dirname, 'labelsmith.ts'));
  dir = mkdtempSync(join(tmpdir(), 'labelsmith-zpl-cli-'));
  writeFileSync(join(dir, 'clean.zpl'), '^XA^FO20,20^GB100,60,60^FS^XZ\n^XA^FO10,10^A0N,30,30^FDSecond^FS^XZ\n');
  writeFileSync(join(dir, 'odd.zpl'), '^XA^FO20,20^QQ9^FS^XZ');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI's exit code and output; a non-zero exit is an answer here, not a failure. */
async function labelsmith(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [cli, ...args], { cwd: dir });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('labelsmith zpl render', () => {
  it('draws one label as a PNG of the printer dots, every label as PDF pages', async () => {
    const png = await labelsmith([
      'zpl',
      'render',
      'clean.zpl',
      '--dpmm',
      '8',
      '--size',
      '2x1',
      '--index',
      '0',
      '--out',
      'one.png',
    ]);
    expect(png.code, png.stderr).toBe(0);
    const image = PNG.sync.read(readFileSync(join(dir, 'one.png')));
    expect([image.width, image.height]).toEqual([406, 203]);
    expect(image.data[(50 * image.width + 50) * 4]).toBeLessThan(128);
    const pdf = await labelsmith([
      'zpl',
      'render',
      'clean.zpl',
      '--size',
      '4x6',
      '--format',
      'pdf',
      '--out',
      'all.pdf',
    ]);
    expect(pdf.code, pdf.stderr).toBe(0);
    expect((await execFileAsync('pdfinfo', [join(dir, 'all.pdf')])).stdout).toMatch(/^Pages:\s+2$/m);
    const several = await labelsmith(['zpl', 'render', 'clean.zpl', '--out', 'x.png']);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/2 labels/);
    expect((await labelsmith(['zpl', 'render', 'clean.zpl', '--dpmm', '7', '--index', '0'])).stderr).toMatch(
      /6dpmm, 8dpmm/,
    );
  });
});

describe('labelsmith zpl lint', () => {
  it('exits 0 without warnings, 1 listing them with positions, 2 when the file cannot be read', async () => {
    const clean = await labelsmith(['zpl', 'lint', 'clean.zpl']);
    expect(clean).toMatchObject({ code: 0, stdout: '' });
    expect(clean.stderr).toMatch(/2 labels, 0 warnings/);
    const odd = await labelsmith(['zpl', 'lint', 'odd.zpl']);
    expect(odd.code).toBe(1);
    expect(odd.stdout).toMatch(/^\^QQ at 11: .*\(ZPL_UNKNOWN_COMMAND\)$/m);
    const missing = await labelsmith(['zpl', 'lint', 'missing.zpl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read ZPL file "missing.zpl"/);
  });
});
