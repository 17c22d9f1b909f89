// Property: ZPL generated from a grammar of commands and parameters, POSTed to the viewer of a real `labelsmith serve`, never gets a 5xx, and the server lives.
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zb64Crc } from '@shared/read/zpl/zb64';
import { attackTarget, underAttack } from '../../../test/support/server/attackSupport';
import { call } from '../../../test/support/server/robustnessSupport';

const target = attackTarget();

/** The viewer's documented answers: drawn, or 400 (bad input, over the pixel budget), 404 (index past the last label). */
const VIEWER_STATUSES = [200, 400, 404];

// ---- The grammar: commands with parameters mostly in range, sometimes at or past the edges. ----

const number = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 900 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1, 32000, 32001, 99999, 100000, 99999999, 2147483648) },
);
const param = fc.oneof(
  { weight: 8, arbitrary: number.map(String) },
  { weight: 1, arbitrary: fc.constantFrom('', 'N', 'R', 'I', 'B', 'Y', 'A', 'abc', '1.5', '-0') },
);
const params = (count: number) => fc.array(param, { minLength: 0, maxLength: count }).map((values) => values.join(','));
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('Hello', '_5F_00', '\\&', '12345678', '>:ABC', 'Ünïcödé'),
);
const device = fc.constantFrom('R:', 'E:', 'B:', 'A:', 'Z:', '');
const objectName = fc
  .tuple(device, fc.constantFrom('LOGO', 'X', 'SELF', '*', 'A?C', ''))
  .map(([d, name]) => `${d}${name}`);

/** A small graphic: ASCII hex (with ZPL compression now and then) or :Z64:, its declared sizes right or wrong. */
const graphicData = fc
  .tuple(
    fc.integer({ min: 1, max: 8 }),
    fc.integer({ min: 1, max: 16 }),
    fc.constantFrom('hex', 'compressed', 'z64', 'z64-badcrc', 'junk'),
    fc.integer({ min: -2, max: 2 }),
  )
  .map(([bytesPerRow, rows, kind, skew]) => {
    const total = bytesPerRow * rows;
    const declared = Math.max(0, total + skew * bytesPerRow);
    const hex = 'F0'.repeat(total);
    const payload = deflateSync(Buffer.from(hex, 'hex')).toString('base64');
    const crc = zb64Crc(payload).toString(16).toUpperCase().padStart(4, '0');
    const data = {
      hex,
      compressed: `${'G'.repeat(1)}F,:!`.repeat(rows),
      z64: `:Z64:${payload}:${crc}`,
      'z64-badcrc': `:Z64:${payload}:BEEF`,
      junk: '^^~~zz',
    }[kind];
    return `${declared},${declared},${bytesPerRow},${data}`;
  });

const command = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('^FO', '^FT', '^LH', '^LT', '^LS'), params(3))
      .map(([name, args]) => `${name}${args}`),
  },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('^A0', '^AA', '^AD', '^AH', '^AZ'), params(3))
      .map(([name, args]) => `${name}${args}`),
  },
  { weight: 2, arbitrary: fc.tuple(params(3), objectName).map(([args, name]) => `^A@${args},${name}.TTF`) },
  { weight: 8, arbitrary: text.map((value) => `^FD${value}^FS`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('^FH', '^FH_', '^FR', '^FW', '^FP', '^FN1', '^FX note'), params(2))
      .map(([name, args]) => `${name}${args}`),
  },
  { weight: 2, arbitrary: params(5).map((args) => `^FB${args}`) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom('^GB', '^GC', '^GD', '^GE'), params(5))
      .map(([name, args]) => `${name}${args}^FS`),
  },
  { weight: 3, arbitrary: graphicData.map((data) => `^GFA,${data}^FS`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(objectName, graphicData)
      .map(([name, data]) => `~DG${name}.GRF,${data.split(',').slice(1).join(',')}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('^XG', '^IM', '^IL', '^ID'), objectName, params(2))
      .map(([name, object, args]) => `${name}${object}.GRF,${args}^FS`),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('^BC', '^B3', '^BE', '^B8', '^BU', '^B2', '^BQ', '^BX', '^B7', '^BO', '^BD', '^BR', '^BZ'),
        params(6),
        text,
      )
      .map(([name, args, value]) => `${name}${args}^FD${value}^FS`),
  },
  { weight: 2, arbitrary: params(3).map((args) => `^BY${args}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('^PW', '^LL', '^PQ', '^PO', '^PM', '^LR', '^CI', '^CF', '^MD', '^MU'), params(4))
      .map(([name, args]) => `${name}${args}`),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('^DF', '^XF'), objectName).map(([name, object]) => `${name}${object}.ZPL^FS`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('^CC+', '~CC+', '^CT~', '^CD;', '^XA', '^XZ', '^ZZ', '~JR', '^JUS', '~HS', '\r\n', ' '),
  },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('^', '~', ',', 'F', 'X', 'A', '0', ':', '\\', '_', '\u00ff'),
      maxLength: 10,
    }),
  },
);

/** Mostly whole formats (^XA … ^XZ), one to three of them, now and then a missing end or a stray prefix. */
const zpl = fc
  .tuple(
    fc.array(fc.array(command, { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
    fc.constantFrom('', '~CC+', 'junk before'),
  )
  .map(
    ([formats, closeLast, prefix]) =>
      prefix +
      formats
        .map((commands, index) => `^XA${commands.join('')}${index < formats.length - 1 || closeLast ? '^XZ' : ''}`)
        .join('\n'),
  );

/** Small labels at low densities (cheap to draw); JSON mostly (the reader alone), png and pdf now and then. */
const request = fc.record({
  zpl,
  dpmm: fc.constantFrom('6dpmm', '8dpmm', '12dpmm'),
  size: fc.constantFrom('1x1', '2x1', '2x2', '1.5x0.5', '4x6'),
  index: fc.constantFrom('0/', '1/', ''),
  accept: fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constant('image/png') },
    { weight: 1, arbitrary: fc.constant('application/pdf') },
  ),
});

describe('POST /v1/printers/{dpmm}/labels/{size}/ with generated ZPL', () => {
  it('answers 2,000 inputs with 200, 400 or 404 (JSON errors), never a 5xx, and the target.server lives', async () => {
    const seen = new Map<number, number>();
    const { report } = await underAttack('ZPL viewer fuzz, 2,000 cases', target.server, target.tenant, () =>
      fc.assert(
        fc.asyncProperty(request, async ({ zpl: body, dpmm, size, index, accept }) => {
          const answer = await call(target.server.url, `/v1/printers/${dpmm}/labels/${size}/${index}`, {
            key: target.tenant.key,
            body: Buffer.from(body, 'latin1'),
            contentType: 'application/x-www-form-urlencoded',
            headers: { Accept: accept, 'X-Linter': 'On' },
            timeoutMs: 15_000,
          });
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          const detail = `${answer.status} ${answer.text.slice(0, 300)}`;
          expect(VIEWER_STATUSES, detail).toContain(answer.status);
          if (answer.status !== 200)
            expect(answer.json, detail).toMatchObject({
              error: expect.any(String),
              code: expect.stringMatching(/^(BAD_REQUEST|NOT_FOUND)$/),
            });
        }),
        { numRuns: 2000, endOnFailure: true },
      ),
    );
    console.log(`ZPL viewer fuzz statuses: ${JSON.stringify(Object.fromEntries(seen))}`);
    for (const status of [200, 400]) expect(seen.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
    expect(report.workersSeen.sort(), 'no render worker process died or was replaced').toEqual(
      report.workersAtStart.sort(),
    );
    expect(target.server.stderr()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
