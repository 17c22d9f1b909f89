// Benchmark of fairness between teams: one team's sequential PNG renders, quiet and while another team floods slow SVG uploads and slow renders from four addresses, and how soon after the flood they are quick again.
import { loadSample } from '@main/samples/sampleTemplates';
import { COSTLY_SVG, startFlood } from '../test/support/server/renderFlood';
import { createBenchTeam, publishSample, startBenchServer } from './benchServer';
import { formatMs, printTable } from './measure';

const QUIET_RENDERS = 40;
const FLOOD_MS = 15_000;
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const LOOPS_PER_ADDRESS = 4;
/** The issue's target: the other team's p50 under the flood within 2x its quiet p50. */
const TARGET_RATIO = 2;
/** Recovery is over when a render is answered within this multiple of the quiet p50; given up after RECOVERY_LIMIT_MS. */
const RECOVERED_RATIO = 2;
const RECOVERY_LIMIT_MS = 60_000;

const percentile = (values: number[], share: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? Number.NaN;

export async function fairnessBench(): Promise<void> {
  const bench = await startBenchServer();
  try {
    const sample = loadSample('shipping-4x6');
    const templateId = await publishSample(bench.store, bench.teamId, sample);
    const attacker = await createBenchTeam(bench.store);
    const body = JSON.stringify({ templateId, data: sample.data, format: 'png', dpi: 203, delivery: 'inline' });
    /** One of the victim's renders: its wall time and status. */
    const victimRender = async (): Promise<{ ms: number; status: number }> => {
      const start = performance.now();
      const answer = await fetch(`${bench.server.url}/v1/render`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
        body,
      });
      await answer.arrayBuffer();
      return { ms: performance.now() - start, status: answer.status };
    };
    for (let warm = 0; warm < 5; warm++) await victimRender();
    const quiet: number[] = [];
    for (let n = 0; n < QUIET_RENDERS; n++) quiet.push((await victimRender()).ms);

    const flood = startFlood({
      url: bench.server.url,
      key: attacker.key,
      addresses: ADDRESSES,
      loopsPerAddress: LOOPS_PER_ADDRESS,
    });
    const flooded: number[] = [];
    const refused: number[] = [];
    const until = performance.now() + FLOOD_MS;
    while (performance.now() < until) {
      const { ms, status } = await victimRender();
      (status === 200 ? flooded : refused).push(status === 200 ? ms : status);
    }
    const result = await flood.stop();
    const stopped = performance.now();
    const quietP50 = percentile(quiet, 0.5);
    let recoveredMs = Number.NaN;
    while (performance.now() - stopped < RECOVERY_LIMIT_MS) {
      const { ms } = await victimRender();
      if (ms <= quietP50 * RECOVERED_RATIO) {
        recoveredMs = performance.now() - stopped;
        break;
      }
    }

    const floodP50 = percentile(flooded, 0.5);
    console.log(
      `\nOne team's sequential renders (${sample.name}, png 203 dpi, one connection) while another floods from ${ADDRESSES.length} addresses x ${LOOPS_PER_ADDRESS} loops: ` +
        `uploads of a ${COSTLY_SVG.length}-byte SVG that takes minutes to draw, and 400-QR-code PDFs, each loop one request at a time, ${FLOOD_MS / 1000} s; in process, default pool size\n`,
    );
    printTable(
      ['victim', 'renders', 'p50', 'p95', 'max', 'non-200', 'p50 / quiet p50', `target <= ${TARGET_RATIO}x`],
      [
        [
          'quiet',
          String(quiet.length),
          formatMs(quietP50),
          formatMs(percentile(quiet, 0.95)),
          formatMs(Math.max(...quiet)),
          '0',
          '1.00',
          '',
        ],
        [
          'under flood',
          String(flooded.length),
          formatMs(floodP50),
          formatMs(percentile(flooded, 0.95)),
          formatMs(Math.max(...flooded)),
          refused.length === 0 ? '0' : refused.join(','),
          (floodP50 / quietP50).toFixed(2),
          floodP50 / quietP50 <= TARGET_RATIO && refused.length === 0 ? 'met' : 'missed',
        ],
      ],
    );
    console.log(
      `\nThe flood's answers: ${Object.entries(result.answers)
        .map(([kind, count]) => `${kind} x${count}`)
        .join(', ')} of ${result.requests} requests sent`,
    );
    console.log(
      `Back within ${RECOVERED_RATIO}x the quiet p50 ${Number.isNaN(recoveredMs) ? `not within ${RECOVERY_LIMIT_MS / 1000} s` : `${formatMs(recoveredMs)} ms`} after the flood's clients left`,
    );
  } finally {
    await bench.close();
  }
}
