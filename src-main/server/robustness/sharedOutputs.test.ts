// Two `labelsmith serve` nodes, each with its own data directory, over one PostgreSQL, one S3 protocol server and one Redis: a render answered with a url by one node downloads from the other, also after the first is killed with SIGKILL.
import { rmSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../../test/support/store/postgresTestSupport';
import { redisUrl } from '../../../test/support/store/redisTestSupport';
import { bucketKeys, freshBucketUrl } from '../../../test/support/store/s3TestSupport';
import {
  call,
  createTenant,
  isWholeOutput,
  render,
  serveProcessesForFile,
  sleep,
  tempDataDir,
  type Tenant,
} from '../../../test/support/server/robustnessSupport';

const { cli, serve } = serveProcessesForFile();
const PREFIX = 'labelsmith/site-a';
const CLIENTS = 4;

let bucket = '';
let tenant: Tenant;
beforeAll(async () => {
  bucket = await freshBucketUrl(PREFIX);
  // Every process the tests start (admin commands, both nodes) finds the shared backends in its environment, as an
  // operator's service units would give them; the AWS variables are set by s3TestSupport.
  process.env.LABELSMITH_DATABASE_URL = await freshDatabaseUrl();
  process.env.LABELSMITH_OUTPUTS_URL = bucket;
  process.env.LABELSMITH_REDIS_URL = await redisUrl();
  tenant = await createTenant(cli(), tempDataDir());
});

describe('two serve nodes over PostgreSQL and S3', () => {
  it('a render answered with a url by node A downloads, whole, from node B, also after A is killed with SIGKILL under load', async () => {
    const aDir = tempDataDir();
    const [a, b] = await Promise.all([serve(aDir), serve(tempDataDir())]);
    const first = await render(a.url, tenant.key, {
      templateId: tenant.templateId,
      data: { name: 'First', sku: 'SKU-1' },
      format: 'pdf',
    });
    expect(first.status, first.text).toBe(200);
    const id = String(first.json?.id);
    expect(first.json?.url).toBe(`${a.url}/v1/render-outputs/${id}`);
    expect(await bucketKeys(bucket)).toEqual([`${PREFIX}/outputs/${id}.pdf`]);
    const fromB = await call(b.url, `/v1/render-outputs/${id}`, { key: tenant.key });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('application/pdf');
    expect(fromB.bytes.length).toBe(first.json?.sizeBytes);
    expect(isWholeOutput('pdf', fromB.bytes)).toBe(true);

    // Renders in flight on A when it dies: every one it answered was in the bucket and committed before the answer.
    const answered: { id: string; format: string; sizeBytes: number }[] = [];
    let killed = false;
    const client = async (index: number): Promise<void> => {
      for (let n = 0; !killed; n += 1) {
        const format = ['zpl', 'pdf', 'png'][(index + n) % 3] ?? 'zpl';
        const answer = await render(a.url, tenant.key, {
          templateId: tenant.templateId,
          data: { name: `c${index} n${n}` },
          format,
          dpi: 100,
        }).catch(() => undefined);
        if (answer === undefined) return;
        expect(answer.status, answer.text).toBe(200);
        answered.push({ id: String(answer.json?.id), format, sizeBytes: Number(answer.json?.sizeBytes) });
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
    await sleep(800);
    killed = true;
    a.child.kill('SIGKILL');
    expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(clients);
    // Nothing of A's own disk is needed any more.
    rmSync(aDir, { recursive: true, force: true });

    expect(answered.length).toBeGreaterThan(0);
    for (const output of [{ id, format: 'pdf', sizeBytes: Number(first.json?.sizeBytes) }, ...answered]) {
      const download = await call(b.url, `/v1/render-outputs/${output.id}`, { key: tenant.key });
      expect(download.status, `${output.id}: ${download.text.slice(0, 200)}`).toBe(200);
      expect(download.bytes.length).toBe(output.sizeBytes);
      expect(isWholeOutput(output.format, download.bytes)).toBe(true);
    }
  });
});
