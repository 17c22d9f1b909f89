// GET /ready needs no key: a backend that does not answer is named, but not where it lives (host, port, bucket); the reason goes to the log.
import { afterAll, describe, expect, it } from 'vitest';
import { startS3, type S3Server } from '../../../../test/support/store/startS3';
import { call, expectError, startTestServer, type TestServer } from '../../../../test/support/server/serverTestSupport';

let s3: S3Server | undefined;
let server: TestServer | undefined;

afterAll(async () => {
  await server?.dispose();
  await s3?.stop();
});

describe('GET /ready', () => {
  it('answers 503 naming the outputs store that stopped, without its address, and logs the reason', async () => {
    s3 = await startS3();
    // The in-process store's S3 client reads where S3 is from this process's environment, as `serve` does from its own.
    Object.assign(process.env, s3.env);
    const bucket = 'ready-secret-bucket';
    server = await startTestServer({ outputsUrl: await s3.createBucket(bucket, 'node') });
    const endpoint = new URL(s3.env.AWS_ENDPOINT_URL_S3 ?? '');
    expect((await call(server, '/ready')).json()).toEqual({ ok: true, checks: { database: 'ok', outputs: 'ok' } });

    await s3.stop();
    s3 = undefined;
    const response = await call(server, '/ready');
    const body = expectError(response, 503, 'UNAVAILABLE');
    expect(body.details).toEqual({ checks: { database: 'ok', outputs: 'unavailable' } });
    for (const secret of [endpoint.host, endpoint.port, bucket]) expect(response.text).not.toContain(secret);
    // The operator finds why in the log.
    const logged = server.logs.join('');
    expect(logged).toContain('not ready: outputs did not answer');
  });
});
