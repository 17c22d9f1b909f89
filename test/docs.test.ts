// The documentation as a whole: every link and picture of README.md and docs/*.md leads somewhere in the repository,
// the README stays a short front page, and the code map names every folder, so a new folder without its line fails.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The README is the front page: what it is, how to start, and the way into docs/. */
const README_MAX_LINES = 200;
/** The folders whose every subfolder has its line in docs/architecture.md. */
const MAPPED_ROOTS = ['src-shared', 'src-main', 'src-renderer', 'e2e', 'resources', '.ci', 'test', 'docs'];
/** Folders made by builds and test runs, never part of the code (see .gitignore). */
const GENERATED = new Set(['node_modules', 'out', 'test-output']);

/** README.md and every docs/*.md, as paths relative to the repository. */
function documentationPages(): string[] {
  const docs = readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}

/** A page's lines outside fenced code blocks, with inline code blanked (a link shown as code is not a link). */
function proseLines(text: string): string[] {
  let fenced = false;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) lines.push(line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length)));
  }
  return lines;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every link and image target of a page: `[text](target)` and `![alt](target)`, titles left off. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) {
    for (const match of line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push(match[1] ?? '');
  }
  return targets;
}

/** What is wrong with one target of `page`, or null when it resolves inside the repository. */
function brokenLink(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not a file of the repository
  const [pathPart = '', anchor] = target.split('#', 2);
  const file =
    pathPart === '' ? join(REPO_ROOT, page) : resolve(REPO_ROOT, dirname(page), decodeURIComponent(pathPart));
  const inside = relative(REPO_ROOT, file);
  if (inside.startsWith('..') || inside.startsWith(sep)) return `${target}: outside the repository`;
  if (!existsSync(file)) return `${target}: no such file (${inside})`;
  if (anchor === undefined) return null;
  if (!file.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
  return headingAnchors(readFileSync(file, 'utf8')).has(anchor)
    ? null
    : `${target}: ${inside} has no heading #${anchor}`;
}

/** Every folder under a root, as a repository path ending in `/`, the root itself included. */
function foldersUnder(root: string): string[] {
  const folders = [`${root}/`];
  for (const entry of readdirSync(join(REPO_ROOT, root), { withFileTypes: true })) {
    if (entry.isDirectory() && !GENERATED.has(entry.name)) folders.push(...foldersUnder(`${root}/${entry.name}`));
  }
  return folders;
}

describe('the documentation', () => {
  it('links only to files of the repository, and to headings those files have', () => {
    const broken = documentationPages().flatMap((page) =>
      linkTargets(readFileSync(join(REPO_ROOT, page), 'utf8')).flatMap((target) => {
        const problem = brokenLink(page, target);
        return problem ? [`${page}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('finds links, pictures and anchors where they are, and none in code', () => {
    const page = [
      '# A page',
      '## Its `store/recall` part',
      'See [it](#its-storerecall-part) and ![a label](x.png).',
      '`[not](a link)`',
      '```md',
      '[nor](this)',
      '```',
    ].join('\n');
    expect(linkTargets(page)).toEqual(['#its-storerecall-part', 'x.png']);
    expect([...headingAnchors(`${page}\n## A page`)]).toEqual(['a-page', 'its-storerecall-part', 'a-page-1']);
    expect(brokenLink('docs/api.md', '../../shared/spec.md')).toMatch(/outside the repository/);
    expect(brokenLink('docs/api.md', 'api.md#no-such-heading')).toMatch(/has no heading/);
    expect(brokenLink('docs/api.md', '../resources/docs/editor.png')).toBeNull();
  });

  it(`keeps the README a front page of at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('names every folder of the code, the tests and the resources in docs/architecture.md', () => {
    const map = readFileSync(join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    const folders = MAPPED_ROOTS.filter((root) =>
      statSync(join(REPO_ROOT, root), { throwIfNoEntry: false })?.isDirectory(),
    ).flatMap(foldersUnder);
    expect(folders).toContain('src-shared/read/zpl/');
    expect(folders.filter((folder) => !map.includes(`\`${folder}\``))).toEqual([]);
  });

  it('gives every dependency and devDependency of package.json its reason in docs/dependencies.md', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    const packages = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
    // The table's first column: one package, or several sharing a reason, separated by commas.
    const rows = readFileSync(join(REPO_ROOT, 'docs/dependencies.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| package'))
      .flatMap((line) => (line.split('|')[1] ?? '').split(',').map((name) => name.trim()));
    const named = (name: string) => rows.includes(name) || (name.startsWith('@types/') && rows.includes('@types/*'));
    expect(packages.length).toBeGreaterThan(50);
    expect(packages.filter((name) => !named(name))).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const prefixes = MAPPED_ROOTS.map((root) => `${root}/`);
    const missing = documentationPages().flatMap((page) =>
      [...readFileSync(join(REPO_ROOT, page), 'utf8').matchAll(/`([^`\s]+)`/g)]
        .map((match) => match[1] ?? '')
        .filter((path) => prefixes.some((prefix) => path.startsWith(prefix)) && !/[<>*…{}]/.test(path))
        .filter((path) => !existsSync(join(REPO_ROOT, path.replace(/[.,:;]$/, ''))))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
