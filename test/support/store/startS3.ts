// Starts a real S3 protocol server (s3rver) on a loopback port in a temporary directory and makes buckets on it: the core of the tests' S3 and the bench's, free of any test runner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface S3Server {
  /** The AWS SDK's standard variables for this server, for the processes that use it (`labelsmith serve --outputs s3://…`). */
  env: Record<string, string>;
  client: S3Client;
  /** A new empty bucket; `s3://<bucket>/<prefix>`. */
  createBucket(bucket: string, prefix: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startS3(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'labelsmith-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
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
  // Set before the client exists, which reads it: Node 20 is still supported, the notice would only clutter the output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const client = new S3Client({
    endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    forcePathStyle: true,
  });
  return {
    env,
    client,
    createBucket: async (bucket, prefix) => {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return `s3://${bucket}/${prefix}`;
    },
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
