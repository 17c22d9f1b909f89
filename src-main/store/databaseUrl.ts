// What a database URL names, without loading the store: the CLI checks --database before it opens anything.

/** Whether a database URL names PostgreSQL (the only engine besides the embedded SQLite). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
