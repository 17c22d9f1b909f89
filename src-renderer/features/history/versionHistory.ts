// The history panel's logic, free of React: how a version is described, which may be restored, and the pair picked for comparing.
import type { EditorTemplateVersion } from '@shared/api/editorApi';

export interface HistoryRow {
  number: number;
  title: string;
  /** When, by whom and the note, as one line under the title. */
  detail: string;
  /** The version API keys render now (the newest, while the template is published). */
  live: boolean;
  /** Restoring the newest version while the draft equals it would publish the same thing again. */
  canRestore: boolean;
}

export interface HistoryState {
  status: 'draft' | 'published' | null;
  latestVersion: number | null;
  draftChanged: boolean;
}

/** Who published, in words: the editor's admin, a CLI user, or nobody known (versions from before Labelsmith kept them). */
export function authorLabel(author: string | null): string {
  if (author === null) return 'published before versions were kept';
  if (author === 'editor') return 'the editor';
  if (author.startsWith('cli:')) return `${author.slice('cli:'.length)} (command line)`;
  return author;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function historyRows(
  versions: readonly EditorTemplateVersion[],
  state: HistoryState,
  format: (ms: number) => string = (ms) => dateTime.format(ms),
): HistoryRow[] {
  return versions.map((version) => {
    const newest = version.number === state.latestVersion;
    const parts = [format(version.createdAt), authorLabel(version.author)];
    if (version.note !== null) parts.push(`“${version.note}”`);
    return {
      number: version.number,
      title: `Version ${version.number}${newest && state.status === 'published' ? ' (live)' : ''}`,
      detail: parts.join(' · '),
      live: newest && state.status === 'published',
      canRestore: !(newest && !state.draftChanged),
    };
  });
}

/**
 * Ticks a version for comparing: at most two are kept (ticking a third drops the one ticked first), unticking removes
 * it. Answered oldest first: the compare view shows the older on the left, as "before" and "after".
 */
export function toggleCompare(picked: readonly number[], number: number): number[] {
  if (picked.includes(number)) return picked.filter((other) => other !== number);
  return [...picked, number].slice(-2);
}

/** The two versions to compare, older first, or undefined until two are picked. */
export function comparePair(picked: readonly number[]): [number, number] | undefined {
  if (picked.length !== 2) return undefined;
  const [a = 0, b = 0] = picked;
  return a < b ? [a, b] : [b, a];
}

/** What the publish button says: the number the next publish will get. */
export function nextVersionLabel(state: HistoryState): string {
  return `Publish as version ${(state.latestVersion ?? 0) + 1}`;
}
