// The S3 implementation of OutputStore (s3://bucket/prefix): one object per document under <prefix>/outputs/ and <prefix>/print-jobs/, shared by every node.
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  checkOutputName,
  OUTPUT_AREAS,
  outputName,
  removeUnreferencedPage,
  unlessAbsent,
  type OutputArea,
  type OutputStore,
  type OutputStores,
} from './outputStore';

export interface S3Location {
  bucket: string;
  /** Without slashes at either end; '' for the bucket's root. */
  prefix: string;
}

/** S3's rules for bucket names (the ones every S3-compatible server accepts): 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `s3://bucket` or `s3://bucket/some/prefix`; throws naming what is wrong, never repeating the URL or a part of it that
 * may be a credential (`s3://KEY:SECRET@bucket` is refused as such: the AWS_* variables carry the keys).
 */
export function parseS3Url(url: string): S3Location {
  const match = /^s3:\/\/([^/?#]*)\/*([^?#]*)$/i.exec(url);
  if (!match) throw new Error('expected s3://bucket/prefix (no query or fragment)');
  const bucket = match[1] ?? '';
  if (/[@:]/.test(bucket)) {
    throw new Error(
      'an s3:// URL holds no credentials or port: give the keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY and the server in AWS_ENDPOINT_URL_S3',
    );
  }
  // Only a name made of a bucket's own characters is shown back: anything else may be a secret pasted in the wrong place.
  if (!BUCKET_PATTERN.test(bucket))
    throw new Error(
      `${/^[a-z0-9._-]*$/i.test(bucket) ? JSON.stringify(bucket) : 'the bucket'} is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`,
    );
  const prefix = (match[2] ?? '').replace(/\/+$/, '');
  if (prefix !== '' && prefix.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error('the prefix has an empty, "." or ".." segment');
  }
  return { bucket, prefix };
}

type Sdk = typeof import('@aws-sdk/client-s3');

const S3_CONNECT_TIMEOUT_MS = 5_000;
const S3_REQUEST_TIMEOUT_MS = 30_000;

function isAbsent(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.NoSuchKey ||
    error instanceof sdk.NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
}

function s3Area(sdk: Sdk, client: S3Client, { bucket, prefix }: S3Location, area: OutputArea): OutputStore {
  const folder = prefix === '' ? `${area}/` : `${prefix}/${area}/`;
  const keyOf = (fileName: string): string => folder + checkOutputName(fileName);
  const absent = (error: unknown): boolean => isAbsent(sdk, error);

  return {
    kind: 's3',

    /** PutObject answers only once the object is stored whole: S3 never shows half of one, and never loses an acknowledged one. */
    async write(id, extension, bytes) {
      const fileName = outputName(id, extension);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(fileName),
          Body: bytes,
          ContentLength: bytes.byteLength,
        }),
      );
      return fileName;
    },

    async ready() {
      await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
    },

    async read(fileName) {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(fileName) }));
      if (answer.Body === undefined) throw new Error(`the object ${keyOf(fileName)} came without a body`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },

    async openRead(fileName) {
      const answer = await unlessAbsent(
        client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(fileName) })),
        absent,
      );
      if (answer === undefined) return undefined;
      // In Node the body is the HTTP response itself: streamed on to the client, never held whole.
      if (answer.Body === undefined || answer.ContentLength === undefined)
        throw new Error(`the object ${keyOf(fileName)} came without a body or length`);
      return { body: answer.Body as Readable, size: answer.ContentLength };
    },

    async size(fileName) {
      return (
        await unlessAbsent(client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: keyOf(fileName) })), absent)
      )?.ContentLength;
    },

    /** DeleteObject succeeds for an absent key too: several nodes removing the same object is harmless. */
    async remove(fileName) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(fileName) }));
    },

    /** A page of the listing (up to 1000 keys) at a time, so memory stays bounded whatever the bucket holds. */
    async removeUnreferenced(referenced, cutoff) {
      let removed = 0;
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: folder })) {
        const old = (page.Contents ?? [])
          .filter(
            (object) =>
              object.Key !== undefined && object.LastModified !== undefined && object.LastModified.getTime() < cutoff,
          )
          .map((object) => (object.Key ?? '').slice(folder.length));
        removed += await removeUnreferencedPage(old, referenced, (name) =>
          client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: folder + name })),
        );
      }
      return removed;
    },
  };
}

/**
 * Opens the bucket of `url` with the SDK's standard configuration (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION,
 * AWS_ENDPOINT_URL / AWS_ENDPOINT_URL_S3), plus AWS_S3_FORCE_PATH_STYLE=true for servers that want bucket names in
 * the path. The bucket is asked for once here, so a wrong name, endpoint or key fails the start, not the first render.
 */
export async function openS3Outputs(url: string): Promise<OutputStores> {
  const location = parseS3Url(url);
  // Loaded only when asked for: the embedded default never pays for the SDK.
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    forcePathStyle: process.env.AWS_S3_FORCE_PATH_STYLE === 'true',
    // The SDK waits forever by default: an unreachable store must fail the render (and be retried), not hang it. The
    // request timeout is per socket read, so a long download that keeps flowing is not cut.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
  });
  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket: location.bucket }));
  } catch (error) {
    client.destroy();
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new Error(`the outputs bucket s3://${location.bucket} cannot be used: ${reason}`);
  }
  return {
    outputs: s3Area(sdk, client, location, OUTPUT_AREAS.outputs),
    printDocuments: s3Area(sdk, client, location, OUTPUT_AREAS.printDocuments),
    close: () => client.destroy(),
  };
}
