// Attack F1 against a real `labelsmith serve`: one team floods slow SVG uploads and slow renders from four client addresses; another team's renders go on answering, and the flood's refused images are never kept.
import { describe, expect, it } from 'vitest';
import { attackTarget, underAttack } from '../../../test/support/server/attackSupport';
import { startFlood } from '../../../test/support/server/renderFlood';
import { call, createTenant, render, sleep } from '../../../test/support/server/robustnessSupport';

const target = attackTarget();
/** Long enough for every worker to have been offered to the flood several times over (an SVG step is 2 s). */
const FLOOD_MS = 8000;
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];

describe('F1: a team floods slow SVG uploads and slow renders from four addresses', () => {
  it("leaves the other team's renders answering (never 503), refuses the costly SVGs with 400, keeps none, and serves the next render after", async () => {
    const attacker = await createTenant(target.cli, target.dataDir, 'Flooder');
    const victimAnswers: number[] = [];
    const { result } = await underAttack(
      'F1 upload and render flood, 4 addresses x 4 loops',
      target.server,
      target.tenant,
      async () => {
        const flood = startFlood({
          url: target.server.url,
          key: attacker.key,
          addresses: ADDRESSES,
          loopsPerAddress: 4,
        });
        const until = Date.now() + FLOOD_MS;
        // The victim renders in turn as a packing station does, besides the attack suite's own witnesses.
        while (Date.now() < until) {
          const answer = await render(
            target.server.url,
            target.tenant.key,
            {
              templateId: target.tenant.templateId,
              data: { name: 'victim', sku: '1' },
              format: 'png',
              delivery: 'inline',
            },
            60_000,
          );
          victimAnswers.push(answer.status);
          await sleep(50);
        }
        return flood.stop();
      },
    );
    expect(victimAnswers.length).toBeGreaterThan(3);
    expect(
      victimAnswers.filter((status) => status !== 200),
      `victim answers ${victimAnswers.join(',')}`,
    ).toEqual([]);
    // The flood got through to the workers and was refused there: every upload past the SVG limit.
    expect(result.answers['400 SVG_TOO_COSTLY'] ?? 0, JSON.stringify(result.answers)).toBeGreaterThan(0);
    const kinds = Object.keys(result.answers).filter(
      (kind) => !['200', '400 SVG_TOO_COSTLY', '503 SERVICE_BUSY'].includes(kind),
    );
    expect(kinds, JSON.stringify(result.answers)).toEqual([]);
    const images = await call(target.server.url, '/v1/images', { key: attacker.key });
    expect(images.json?.images).toEqual([]);
    // The flood's abandoned requests are dropped, not worked through: the victim's next render is answered.
    const after = await render(
      target.server.url,
      target.tenant.key,
      { templateId: target.tenant.templateId, data: { name: 'after', sku: '2' }, format: 'png', delivery: 'inline' },
      60_000,
    );
    expect(after.status, after.text.slice(0, 300)).toBe(200);
  }, 180_000);
});
