// Test support: an executable standing in for CUPS's lp, keeping each job it is handed (arguments and document) in its folder.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeLp {
  /** The executable: what LABELSMITH_LP or a driver's lpCommand names. */
  path: string;
  /** Each run's arguments, in the order lp was run. */
  args(): string[][];
  /** Each run's stdin (the document printed), in the order lp was run. */
  jobs(): Buffer[];
  /** Deletes the folder with the executable and what it kept. */
  remove(): void;
}

/** What lp answers for a queued job: "request id is QUEUE-N (1 file(s))", N counting the runs from 1. */
const ANSWER_AS_LP = 'echo "request id is $2-$((n + 1)) (1 file(s))"';

/**
 * A fake lp in a new temporary folder. Run number n (from 0) keeps its arguments, one a line, in args-n and its stdin in
 * job-n, then runs `tail` (shell lines; default: answers as lp does for `-d QUEUE` and exits 0).
 */
export function fakeLp(tail = ANSWER_AS_LP): FakeLp {
  const dir = mkdtempSync(join(tmpdir(), 'labelsmith-lp-'));
  const path = join(dir, 'lp');
  writeFileSync(
    path,
    `#!/bin/sh\nn=$(ls "${dir}" | grep -c '^job-')\nfor arg in "$@"; do printf '%s\\n' "$arg"; done > "${dir}/args-$n"\ncat > "${dir}/job-$n"\n${tail}\n`,
  );
  chmodSync(path, 0o755);
  /** The files a kind of record has, run by run, up to the first run that did not write one. */
  const runs = (prefix: string): Buffer[] => {
    const kept: Buffer[] = [];
    while (existsSync(join(dir, `${prefix}-${kept.length}`)))
      kept.push(readFileSync(join(dir, `${prefix}-${kept.length}`)));
    return kept;
  };
  return {
    path,
    args: () => runs('args').map((lines) => lines.toString('utf8').split('\n').slice(0, -1)),
    jobs: () => runs('job'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
