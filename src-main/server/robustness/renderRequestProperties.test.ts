// Properties: any JSON body POSTed to /v1/render of a real `labelsmith serve` gets a documented status in time, and thousands of cheap ones with crafted images never stop a render or a worker.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCli,
  buildCli,
  call,
  cleanupAll,
  CONTENT_TYPE_PREFIX,
  createTenant,
  isWholeOutput,
  tempDataDir,
  type Answer,
  type Tenant,
} from '../../../test/support/server/robustnessSupport';
import { killServe, startServe, type ServeProcess } from '../../../test/support/server/robustnessSupport';
import { craftJpeg, craftPng, jpegDataUri, pngChunk, pngDataUri } from '../../../test/support/engine/imageTestSupport';
import { printReports, underAttack } from '../../../test/support/server/attackSupport';
import {
  CODES_BY_STATUS,
  renderRequests,
  SMALL_PNG,
  who,
  type RenderRequestChoices,
} from '../../../test/support/server/renderRequestGrammar';

/** No answer may take longer: a hang is a failure, not a slow test. */
const DEADLINE_MS = 15_000;

/** Images of the cheap fuzz: honest ones, and each crafted kind the image rules refuse or fail. */
const honestJpeg = craftJpeg({ frames: [{ width: 64, height: 48 }] });
const IMAGES = [
  SMALL_PNG,
  jpegDataUri(honestJpeg),
  jpegDataUri(craftJpeg({ frames: [{ width: 1200, height: 900 }] })),
  pngDataUri(craftPng({ width: 300, height: 200 })),
  // Size-lying (two frame headers), over the per-image limit, a progressive header over scans that do not decode.
  jpegDataUri(
    craftJpeg({
      frames: [
        { width: 16, height: 16 },
        { width: 30000, height: 30000 },
      ],
    }),
  ),
  jpegDataUri(craftJpeg({ frames: [{ width: 30000, height: 30000 }], blocks: 64 })),
  jpegDataUri(craftJpeg({ frames: [{ width: 64, height: 64, marker: 0xc2 }] })),
  // No end-of-image marker; image data past what IHDR states; an animated PNG.
  jpegDataUri(honestJpeg.subarray(0, honestJpeg.length - 2)),
  pngDataUri(craftPng({ width: 8, height: 8, data: new Uint8Array(100_000) })),
  pngDataUri(
    craftPng({ width: 4, height: 4, extraChunks: [pngChunk('acTL', new Uint8Array([0, 0, 0, 2, 0, 0, 0, 0]))] }),
  ),
  'data:image/png;base64,AAAA',
  'file:///etc/passwd',
];

/** Cheap renders: mostly inline zpl, png at low dpi, some pdf. */
const CHEAP: RenderRequestChoices = {
  imageSrc: fc.constantFrom(...IMAGES),
  format: fc.oneof(
    { weight: 7, arbitrary: fc.constant('zpl') },
    { weight: 2, arbitrary: fc.constant('png') },
    { weight: 1, arbitrary: fc.constant('pdf') },
  ),
  dpi: fc.constantFrom(50, 72, 96),
  delivery: fc.oneof({ weight: 4, arbitrary: fc.constant('inline') }, { weight: 1, arbitrary: fc.constant('url') }),
};

let server: ServeProcess;
let tenant: Tenant;
let demoKey = '';
beforeAll(async () => {
  const cli = await buildCli();
  const dataDir = tempDataDir();
  tenant = await createTenant(cli, dataDir);
  demoKey = String(
    (await adminCli(cli, dataDir, ['key', 'create', '--team', tenant.teamId, '--mode', 'test', '--demo'])).key,
  );
  server = await startServe(cli, dataDir);
});
afterAll(async () => {
  printReports();
  await killServe(server);
  cleanupAll();
});

/** What makes an answer documented: 200 with a whole output (or its url answer), else a listed status with {error, code} and no trace of the server's insides. */
function expectDocumented(request: Record<string, unknown>, answer: Answer): void {
  const detail = `${answer.status} ${answer.text.slice(0, 300)}`;
  if (answer.status === 200) {
    const format = String(request.format);
    if (request.delivery === 'inline') {
      expect(answer.headers.get('content-type'), detail).toMatch(new RegExp(`^${CONTENT_TYPE_PREFIX[format] ?? '?'}`));
      expect(isWholeOutput(format, answer.bytes), `inline ${format}`).toBe(true);
    } else {
      expect(answer.json, detail).toMatchObject({ id: expect.any(String), status: 'complete', format });
    }
    return;
  }
  expect(Object.keys(CODES_BY_STATUS).map(Number), detail).toContain(answer.status);
  expect(answer.headers.get('content-type'), detail).toMatch(/^application\/json/);
  expect(answer.json, detail).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  expect(String(answer.json?.error).length, detail).toBeGreaterThan(0);
  expect(CODES_BY_STATUS[answer.status], detail).toContain(answer.json?.code);
  expect(answer.text, detail).not.toMatch(/\n\s+at |node_modules|node:internal/);
}

describe('POST /v1/render with generated bodies', () => {
  it('always answers a documented status, with {error, code} when not 200, within the deadline', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(renderRequests(), who, async (generated, caller) => {
        const request = { ...generated };
        if (request.templateId === 'slug') request.templateId = tenant.templateId;
        const key = { live: tenant.key, demo: demoKey, none: undefined, bogus: 'svc_sk_live_notakey' }[caller];
        const started = performance.now();
        const answer = await call(server.url, '/v1/render', { key, body: request, timeoutMs: DEADLINE_MS });
        expect(performance.now() - started).toBeLessThan(DEADLINE_MS);
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        expectDocumented(request, answer);
      }),
      { numRuns: 300, endOnFailure: true },
    );
    // The grammar reaches successes and the main failures, not just one of them.
    for (const status of [200, 400, 401, 403])
      expect(seen.get(status) ?? 0, `answers with ${status}: ${JSON.stringify([...seen])}`).toBeGreaterThan(0);

    expect(server.child.exitCode).toBeNull();
    expect((await call(server.url, '/health')).status).toBe(200);
    expect(server.stderr()).not.toMatch(/"level":(50|60)/);
  }, 60_000);

  it('survives 2,500 cheap generated renders with crafted images: no 5xx but 502 RENDER_ERROR, no render stopped, no worker process replaced', async () => {
    const seen = new Map<string, number>();
    const { report } = await underAttack('render fuzz, 2,500 cases', server, tenant, () =>
      fc.assert(
        fc.asyncProperty(renderRequests(CHEAP), async (generated) => {
          const request = { ...generated };
          if (request.templateId === 'slug') request.templateId = tenant.templateId;
          const answer = await call(server.url, '/v1/render', {
            key: tenant.key,
            body: request,
            timeoutMs: DEADLINE_MS,
          });
          const outcome = `${answer.status} ${String(answer.json?.code ?? '')}`;
          seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
          expectDocumented(request, answer);
          // A render stopped at a limit or a worker that died would be a 502 too: none of these cheap renders may be one.
          if (answer.status === 502) expect(answer.text).not.toMatch(/render stopped|render worker|thread/i);
        }),
        { numRuns: 2500, endOnFailure: true },
      ),
    );
    console.log(`render fuzz outcomes: ${JSON.stringify(Object.fromEntries(seen))}`);
    for (const outcome of ['200 ', '400 BAD_REQUEST', '400 INVALID_TEMPLATE'])
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
    expect(report.workersSeen.sort(), 'no render worker process died or was replaced').toEqual(
      report.workersAtStart.sort(),
    );
    expect(server.stderr()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
