// Test helper: a real S3 protocol server (startS3: s3rver) per test file, a fresh bucket per store, and the AWS SDK's standard variables pointed at it.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { parseS3Url } from '@main/store/s3Outputs';
import { perFileServer } from '../server/perFileServer';
import { startS3 } from './startS3';

let buckets = 0;

/**
 * This file's S3 server (started on first use, stopped after the file's tests). Its variables are set in this process,
 * so the stores a test opens and the processes it starts find it.
 */
export const s3Server = perFileServer(async () => {
  const server = await startS3();
  Object.assign(process.env, server.env);
  return server;
});

/** `s3://<new empty bucket>/<prefix>` on this file's S3 server. */
export async function freshBucketUrl(prefix = 'labelsmith/site-a'): Promise<string> {
  buckets += 1;
  return (await s3Server()).createBucket(`labelsmith-test-${process.pid}-${buckets}`, prefix);
}

/** Every key of the bucket of `url`, sorted (the tests' buckets hold a few). */
export async function bucketKeys(url: string): Promise<string[]> {
  const { client } = await s3Server();
  const { bucket } = parseS3Url(url);
  const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
}
