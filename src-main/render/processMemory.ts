// Reads a process's resident memory from /proc: what it really holds, native allocations (resvg's pixmaps) included; a worker process reads its own after each step, the pool a busy one's while it runs.
import { readFileSync } from 'node:fs';

export interface ResidentMemory {
  /** Resident set now, MB. */
  rssMb: number;
  /** The highest resident set the process ever had, MB: a spike between two readings still shows. */
  peakMb: number;
}

function fieldKb(status: string, name: string): number | undefined {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** undefined where there is no /proc (macOS, Windows) or the process is gone: only the V8 heap limit applies there. */
export function residentMemory(pid: number): ResidentMemory | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'latin1');
  } catch {
    return undefined;
  }
  const rss = fieldKb(status, 'VmRSS');
  const peak = fieldKb(status, 'VmHWM');
  if (rss === undefined || peak === undefined) return undefined;
  return { rssMb: rss / 1024, peakMb: peak / 1024 };
}
