// Test helper: a real S3 protocol server (s3rver) per test file on a loopback port in a temporary directory, a fresh bucket per store, and the AWS SDK's standard variables pointed at it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { parseS3Url } from '../store/s3Outputs';
import { perFileServer } from './perFileServer';

interface S3Server {
  /** The SDK's variables for this server: set in this process, and to be given to the processes a test starts. */
  env: Record<string, string>;
  client: S3Client;
  stop(): Promise<void>;
}

async function startServer(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'labelsmith-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  // s3rver checks signatures against its one built-in key pair.
  const env = {
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    AWS_S3_FORCE_PATH_STYLE: 'true',
    // Node 20 is still supported; the SDK's notice about its future versions would only clutter the CLI's stderr.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  Object.assign(process.env, env);
  const client = new S3Client({ forcePathStyle: true });
  return {
    env,
    client,
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}


let buckets = 0;

/** This file's S3 server (started on first use, stopped after the file's tests). */
export const s3Server = perFileServer(startServer);

/** `s3://<new empty bucket>/<prefix>` on this file's S3 server. */
export async function freshBucketUrl(prefix = 'labelsmith/site-a'): Promise<string> {
  const { client } = await s3Server();
  buckets += 1;
  const bucket = `labelsmith-test-${process.pid}-${buckets}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return `s3://${bucket}/${prefix}`;
}

/** Every key of the bucket of `url`, sorted (the tests' buckets hold a few). */
export async function bucketKeys(url: string): Promise<string[]> {
  const { client } = await s3Server();
  const { bucket } = parseS3Url(url);
  const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
}
