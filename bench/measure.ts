// Timing helpers for the benchmark: repeated runs after a warm-up, summarised as median and mean.

export interface Timing {
  samples: number;
  p50: number;
  mean: number;
  /**
   * This process's CPU milliseconds a run (every thread, the garbage collector's too) over the timed runs. Other
   * processes on the machine stretch wall times several fold; they move this far less.
   */
  cpu: number;
}

export async function measure(
  iterations: number,
  run: () => unknown,
  warmup = Math.max(20, Math.floor(iterations / 5)),
): Promise<Timing> {
  for (let index = 0; index < warmup; index++) await run();
  const times: number[] = [];
  const cpuAtStart = process.cpuUsage();
  for (let index = 0; index < iterations; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const { user, system } = process.cpuUsage(cpuAtStart);
  times.sort((a, b) => a - b);
  return {
    cpu: (user + system) / 1000 / iterations,
    samples: times.length,
    p50: times[Math.floor(times.length / 2)] ?? Number.NaN,
    mean: times.reduce((sum, time) => sum + time, 0) / times.length,
  };
}

export function formatMs(ms: number): string {
  return ms < 1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

/** A plain Markdown table: readable in a terminal and pasteable into the README. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
