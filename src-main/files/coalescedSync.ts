// One sync (of a folder, say) shared by every caller that asked before it began, so writes in flight together pay once.

/**
 * Wraps `sync` so that concurrent callers share runs: a caller gets a run that begins after it asked, never one already
 * under way (what it wants synced may have happened after that run began), and every caller that asks meanwhile shares
 * that next run. Renders in flight together then cost one directory sync instead of one each.
 */
export function coalescedSync(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const run = sync().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (next) return next;
    if (!running) return start();
    // After the run under way, whether it succeeded or not: this caller's own run is the one that must succeed.
    next = running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
