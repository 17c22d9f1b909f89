// The README's API section, run as a stranger would paste it: its shell blocks against a real `labelsmith serve`, every
// curl failing the run on an HTTP error, and what they wrote checked. An example that drifts from the API fails here.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from '../src-main/chromium/editorSession';
import { ensureBuilds, REPO_ROOT } from './support/editorServer';

const execFileAsync = promisify(execFile);
const CLI = resolve(REPO_ROOT, 'out/node/cli/labelsmith.mjs');
/** The address and data directory the README's examples use. */
const README_URL = 'http://127.0.0.1:8425';
const README_DATA_DIR = './data';

/** The ```sh blocks of the README between a heading and the next line starting with `end`. */
function shellBlocks(readme: string, heading: string, end: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  const stop = readme.indexOf(`\n${end}`, start);
  if (start < 0 || stop < 0) throw new Error(`README has no section "${heading}" ending at "${end}"`);
  return [...readme.slice(start, stop).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

/**
 * The examples pointed at this test's server and data directory, with the repository's files by absolute path. The
 * `serve` line goes (the server is already up); `npx labelsmith` is the built CLI, as npx would find it.
 */
function forThisServer(script: string, server: EditorServer): string {
  return script
    .split('\n')
    .filter((line) => !/labelsmith serve\b/.test(line))
    .join('\n')
    .replaceAll('npx labelsmith', `node ${JSON.stringify(CLI)}`)
    .replaceAll(`--data-dir ${README_DATA_DIR}`, `--data-dir ${JSON.stringify(server.dataDir)}`)
    .replaceAll(README_URL, server.url)
    .replaceAll(' resources/', ` ${REPO_ROOT}/resources/`)
    .replaceAll('$(cat resources/', `$(cat ${REPO_ROOT}/resources/`);
}

let server: EditorServer;
let workDir: string;

beforeAll(async () => {
  ensureBuilds();
  server = await startEditorServer({ cliPath: CLI });
  workDir = mkdtempSync(join(tmpdir(), 'labelsmith-readme-'));
});

afterAll(async () => {
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the README API examples', () => {
  it('run as written against a real server: every request answers 2xx and the files they save are the documents', async () => {
    const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
    const blocks = shellBlocks(readme, '## The API', 'Request fields');
    expect(blocks).toHaveLength(2);
    // --fail-with-body: a 4xx or 5xx answer ends the run with its error body on stdout.
    const script = ['set -euo pipefail', 'curl() { command curl --fail-with-body "$@"; }', ...blocks.map((block) => forThisServer(block, server))].join('\n');
    const { stdout } = await execFileAsync('bash', ['-c', script], { cwd: workDir, maxBuffer: 64 * 1024 * 1024 });

    expect(stdout).toMatch(/"status":"complete","format":"pdf","url":"http:\/\/127\.0\.0\.1:\d+\/v1\/render-outputs\/[0-9a-f-]{36}"/);
    // The inline ZPL at 300 dpi, a library's template list, health and the OpenAPI document.
    expect(stdout).toContain('^XA');
    expect(stdout).toContain('"slug":"asset-tag","librarySlug":"assets"');
    expect(stdout).toContain('"openapi":"3.1');

    const { stdout: labelText } = await execFileAsync('pdftotext', [join(workDir, 'label.pdf'), '-']);
    expect(labelText).toContain('Ada Lovelace');
    expect(labelText).toContain('LS1234567890GB');
    const tag = readFileSync(join(workDir, 'tag.png'));
    expect(tag.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
