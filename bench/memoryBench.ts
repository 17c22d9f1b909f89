// Memory over a long run of renders through the render pool: resvg's native buffers, pdfkit documents and the workers' caches must not accumulate (NOTES.md).
import { readdirSync, readFileSync } from 'node:fs';
import type { OutputFormat } from '@shared/render/outputFormats';
import { createRenderPool } from '@main/render/renderPool';
import { loadParcelWithLogo } from '@main/samples/sampleTemplates';
import { printTable } from './measure';
import { parcelOfItsOwn } from './parcelOfItsOwn';

/** Renders per format: the issue's 100,000 by default (about 75 minutes for all four formats on 2 cores, png 39 of them); LABELSMITH_BENCH_MEMORY_RENDERS sets fewer for a quick look. */
const RENDERS = Number(process.env.LABELSMITH_BENCH_MEMORY_RENDERS ?? 100_000);
/** The formats to run, a comma list (LABELSMITH_BENCH_MEMORY_FORMATS=zpl,pdf); all four by default. */
const FORMATS = process.env.LABELSMITH_BENCH_MEMORY_FORMATS?.split(',');
/** Renders in flight: the pool's workers all busy, as under load. */
const IN_FLIGHT = 8;
/** RSS may grow this much between the end of the first tenth (caches and JIT warm) and the end. */
const FLAT_WITHIN = 0.1;
const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

/** Resident set of a process by its /proc status (Linux): what the operating system really holds for it. */
function residentBytes(pid: number | string): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : 0;
  } catch {
    // The process ended meanwhile (a worker replaced after a limit): it holds nothing.
    return 0;
  }
}

/** This process and its children (the pool's worker processes), together. */
function poolResidentBytes(): number {
  let total = residentBytes(process.pid);
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children === '' ? [] : children.split(' ')) total += residentBytes(child);
  }
  return total;
}

export async function memoryBench(): Promise<void> {
  const sample = loadParcelWithLogo();
  const pool = createRenderPool();
  const { threads } = pool.stats();
  const rows: string[][] = [];
  try {
    const cases = [
      ['zpl', undefined],
      ['pdf', undefined],
      ['png', 203],
      ['html', undefined],
    ] as [OutputFormat, number | undefined][];
    for (const [format, dpi] of cases.filter(([format]) => FORMATS?.includes(format) ?? true)) {
      let started = 0;
      let warm = 0;
      let peak = 0;
      const renderer = async (): Promise<void> => {
        while (started < RENDERS) {
          started += 1;
          if (started === Math.floor(RENDERS / 10)) warm = poolResidentBytes();
          if (started % 500 === 0) peak = Math.max(peak, poolResidentBytes());
          // Each render a parcel of its own: the workers' caches fill to their bounds with what new parcels draw.
          await pool.render({
            template: sample.template,
            data: parcelOfItsOwn(sample.data, `P${started}`),
            format,
            ...(dpi === undefined ? {} : { dpi }),
          });
        }
      };
      const before = poolResidentBytes();
      await Promise.all(Array.from({ length: IN_FLIGHT }, renderer));
      const after = poolResidentBytes();
      const growth = warm === 0 ? Number.NaN : after / warm - 1;
      rows.push([
        `${format}${dpi ? ` ${dpi} dpi` : ''}`,
        String(RENDERS),
        megabytes(before),
        megabytes(warm),
        megabytes(Math.max(peak, after)),
        megabytes(after),
        `${(growth * 100).toFixed(1)}%`,
        growth <= FLAT_WITHIN ? 'yes' : 'NO',
      ]);
    }
  } finally {
    await pool.close();
  }
  console.log(
    `\nMemory: resident set of this process and the render pool's ${threads} worker processes (/proc VmRSS) over ${RENDERS} renders per format of ${sample.name}, each a parcel of its own, ${IN_FLIGHT} in flight, MB; "warm" is after the first tenth\n`,
  );
  printTable(
    ['format', 'renders', 'rss before', 'rss warm', 'rss peak', 'rss after', 'after vs warm', 'flat within 10%'],
    rows,
  );
}
