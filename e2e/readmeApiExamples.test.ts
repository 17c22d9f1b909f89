// The runnable examples of the README and of docs/api.md, docs/printing.md and docs/zpl.md (the API with images and
// versions, printers and print jobs, ZPL in), run as a stranger would paste them: their shell blocks against a real
// `labelsmith serve` and a fake ZPL printer, every curl failing the run on an HTTP error, and what they made checked.
// An example that drifts from the API or the CLI fails here.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from '../test/support/chromium/editorSession';
import { testDatabaseEnv } from '../test/support/store/storeTestSupport';
import { startFakeZplPrinter, type FakeZplPrinter } from '../test/support/printing/fakeZplPrinter';
import { ensureBuilds, REPO_ROOT } from '../test/support/chromium/editorServer';

const execFileAsync = promisify(execFile);
const CLI = resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs');
/** The address and data directory the examples use. */
const EXAMPLE_URL = 'http://127.0.0.1:8425';
const EXAMPLE_DATA_DIR = './data';
/** The printer address the examples add. */
const EXAMPLE_PRINTER_HOST = '--host 192.0.2.10';

/**
 * The blocks of a page (relative to the repository) marked ```sh runnable, in page order: the mark, not a heading's
 * place, says which examples this test runs, so the pages can be rearranged freely.
 */
function runnableBlocks(page: string): string[] {
  const text = readFileSync(resolve(REPO_ROOT, page), 'utf8');
  return [...text.matchAll(/^```sh runnable\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

/**
 * The examples pointed at this test's server and data directory, with the repository's files by absolute path. The
 * `serve` line goes (the server is already up); `npx labelsmith` is the built CLI, as npx would find it.
 */
function forThisServer(script: string, server: EditorServer, printer: FakeZplPrinter): string {
  return script
    .split('\n')
    .filter((line) => !/labelsmith serve\b/.test(line))
    .join('\n')
    .replaceAll('npx labelsmith', `node ${JSON.stringify(CLI)}`)
    .replaceAll(`--data-dir ${EXAMPLE_DATA_DIR}`, `--data-dir ${JSON.stringify(server.dataDir)}`)
    .replaceAll(EXAMPLE_URL, server.url)
    .replaceAll(EXAMPLE_PRINTER_HOST, `--host ${printer.host} --port ${printer.port}`)
    .replaceAll(' resources/', ` ${REPO_ROOT}/resources/`)
    .replaceAll('@resources/', `@${REPO_ROOT}/resources/`)
    .replaceAll('$(cat resources/', `$(cat ${REPO_ROOT}/resources/`);
}

/** A logo as an SVG (3:1, no text: the rules refuse text) and its 2026 version as a PNG, for the image examples. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><rect width="300" height="100" fill="#c00000"/></svg>';
const LOGO_2026_PNG = PNG.sync.write(
  Object.assign(new PNG({ width: 30, height: 10 }), { data: Buffer.alloc(30 * 10 * 4, 0x80) }),
);

let server: EditorServer;
let printer: FakeZplPrinter;
let workDir: string;

beforeAll(async () => {
  ensureBuilds();
  server = await startEditorServer({ cliPath: CLI, envFor: testDatabaseEnv });
  printer = await startFakeZplPrinter();
  workDir = mkdtempSync(join(tmpdir(), 'labelsmith-readme-'));
});

afterAll(async () => {
  await server?.stop();
  await printer?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Everything the fake printer received, as text. */
function printerWire(): string {
  return printer.connections.map((connection) => connection.bytes.toString('utf8')).join('');
}

describe('the runnable examples of the README and docs', () => {
  // Some 30 CLI runs, each a fresh node process: over the default time limit on a busy machine.
  it('run as written against a real server and printer: every request answers 2xx, and the documents and labels are made', async () => {
    // The README's first API call; the API's team, key, templates and library, then its images and versions; printers
    // and print jobs; the ZPL viewer, raw ZPL and the CLI viewer. Each page's blocks run in its order.
    const quickStart = runnableBlocks('README.md');
    const api = runnableBlocks('docs/api.md');
    const printing = runnableBlocks('docs/printing.md');
    const zplIn = runnableBlocks('docs/zpl.md');
    expect([quickStart.length, api.length, printing.length, zplIn.length]).toEqual([2, 4, 2, 3]);
    // The reader's own logo files, which the image examples upload and replace.
    writeFileSync(join(workDir, 'logo.svg'), LOGO_SVG);
    writeFileSync(join(workDir, 'logo-2026.png'), LOGO_2026_PNG);
    const script = [
      'set -euo pipefail',
      // --fail-with-body: a 4xx or 5xx answer ends the run with its error body on stdout.
      'curl() { command curl --fail-with-body "$@"; }',
      ...[...quickStart, ...api, ...printing, ...zplIn].map((block) => forThisServer(block, server, printer)),
      // For this test only: the key, to follow the API's print job to its end.
      'printf "\\nKEY=%s\\n" "$KEY"',
    ].join('\n');
    const env = { ...process.env, ...(await testDatabaseEnv(server.dataDir)) };
    const { stdout } = await execFileAsync('bash', ['-c', script], { cwd: workDir, env, maxBuffer: 64 * 1024 * 1024 });

    expect(stdout).toMatch(
      /"status":"complete","format":"pdf","url":"http:\/\/127\.0\.0\.1:\d+\/v1\/render-outputs\/[0-9a-f-]{36}"/,
    );
    // The inline ZPL at 300 dpi, a library's template list, health and the OpenAPI document.
    expect(stdout).toContain('^XA');
    expect(stdout).toContain('"slug":"asset-tag","librarySlug":"assets"');
    expect(stdout).toContain('"openapi":"3.1');

    // Versions: the import with --publish made version 2, version 1 rendered on request, the restore made version 3.
    expect(stdout).toMatch(/"number":2,"createdAt":\d+,"author":"cli:[^"]+","note":"bigger tracking number"/);
    expect(readFileSync(join(workDir, 'versions-headers.txt'), 'utf8')).toMatch(/^x-template-version: 1\r$/im);
    expect(readFileSync(join(workDir, 'shipping-v1.zpl'), 'utf8')).toContain('^XA');
    expect(stdout).toContain('"note": "restored from 1"');

    // Images: the SVG uploaded and read back as it was, drawn from its 1200 px raster, replaced by the PNG, deleted.
    expect(stdout).toMatch(
      /"name":"acme-logo","type":"svg","contentType":"image\/svg\+xml","sizeBytes":\d+,"pixelWidth":1200,"pixelHeight":400/,
    );
    expect(readFileSync(join(workDir, 'acme-logo.svg'), 'utf8')).toBe(LOGO_SVG);
    const drawn = PNG.sync.read(readFileSync(join(workDir, 'acme-logo.png')));
    expect([drawn.width, drawn.height]).toEqual([1200, 400]);
    expect(stdout).toMatch(
      /"name":"acme-logo","type":"png","contentType":"image\/png","sizeBytes":\d+,"pixelWidth":30,"pixelHeight":10/,
    );

    // The README's first call: the inline PDF of the sample.
    const { stdout: firstLabelText } = await execFileAsync('pdftotext', [join(workDir, 'first-label.pdf'), '-']);
    expect(firstLabelText).toContain('Ada Lovelace');
    expect(firstLabelText).toContain('LS1234567890GB');

    const { stdout: labelText } = await execFileAsync('pdftotext', [join(workDir, 'label.pdf'), '-']);
    expect(labelText).toContain('Ada Lovelace');
    expect(labelText).toContain('LS1234567890GB');
    const tag = readFileSync(join(workDir, 'tag.png'));
    expect(tag.subarray(1, 4).toString('latin1')).toBe('PNG');

    // The printer: its test label, and both `labelsmith print` jobs done (they wait for the end) with the CSV wave's
    // assets on the wire; the API's job, sent by the server's queue, ends done too.
    const wire = printerWire();
    expect(wire).toContain('dock-1');
    // The media handling `printer set` gave it, in the settings format ahead of its labels (203 dpi: 1mm is 8 dots).
    expect(wire).toContain('^MTD^MMP^MNM^PW812^LL1218^LT8^LS4^XZ');
    expect(stdout.match(/"status": "done"/g)).toHaveLength(3);
    // ZPL in: the viewer's PNG at the printer's dots, its PDF of both labels with the headers, and raw ZPL on the wire.
    const parcel = readFileSync(join(workDir, 'parcel.png'));
    expect([parcel.readUInt32BE(16), parcel.readUInt32BE(20)]).toEqual([812, 1218]);
    expect((await execFileAsync('pdfinfo', [join(workDir, 'parcel.pdf')])).stdout).toMatch(/^Pages:\s+2$/m);
    expect(readFileSync(join(workDir, 'zpl-headers.txt'), 'utf8')).toMatch(/^x-total-count: 2\r$/im);
    expect(stdout).toContain('"totalCount":2');
    expect(readFileSync(join(workDir, 'parcel-0.png')).equals(parcel)).toBe(true);
    expect(wire).toContain('Ship to: Ada Lovelace');
    for (const asset of ['AT-0042-7731', 'AT-0042-7732', 'AT-0042-7733']) expect(wire).toContain(asset);
    const key = /^KEY=(\S+)$/m.exec(stdout)?.[1] ?? '';
    const jobId = /"id":"([0-9a-f-]{36})","status":"queued"/.exec(stdout)?.[1] ?? '';
    const jobStatus = async () => {
      const answer = await fetch(`${server.url}/v1/print-jobs/${jobId}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      return ((await answer.json()) as { status: string }).status;
    };
    await expect.poll(jobStatus, { timeout: 15_000 }).toBe('done');
    const deleted = await fetch(`${server.url}/v1/images/acme-logo`, { headers: { Authorization: `Bearer ${key}` } });
    expect(deleted.status).toBe(404);
  }, 120_000);
});
