// The OutputStore contract, on both implementations: a folder of the data directory and a real S3 protocol server (s3rver).
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { bucketKeys, freshBucketUrl } from '../../test/support/store/s3TestSupport';
import { openOutputStores } from './openOutputStores';
import type { OutputStores } from './outputStore';
import { tempDataDir } from '../../test/support/store/storeTestSupport';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '11111111-1111-4111-8111-111111111111';
const HOUR_MS = 60 * 60 * 1000;

const opened: OutputStores[] = [];
afterEach(() => {
  for (const stores of opened.splice(0)) stores.close();
});

async function open(kind: 'folder' | 's3'): Promise<{ stores: OutputStores; url?: string; dataDir: string }> {
  const dataDir = tempDataDir();
  const url = kind === 's3' ? await freshBucketUrl() : undefined;
  const stores = await openOutputStores(dataDir, url);
  opened.push(stores);
  return { stores, url, dataDir };
}

describe.each(['folder', 's3'] as const)('output store: %s', (kind) => {
  it('keeps a document whole under <id>.<extension>: read, streamed with its size, removed (twice is fine)', async () => {
    const { stores } = await open(kind);
    const { outputs } = stores;
    expect(outputs.kind).toBe(kind);
    expect(await outputs.write(ID, 'pdf', Buffer.from('%PDF-1.7 whole'))).toBe(`${ID}.pdf`);
    expect((await outputs.read(`${ID}.pdf`)).toString()).toBe('%PDF-1.7 whole');
    expect(await outputs.size(`${ID}.pdf`)).toBe(14);
    const download = await outputs.openRead(`${ID}.pdf`);
    if (download === undefined) throw new Error('the document was not found');
    expect(download.size).toBe(14);
    expect(await text(download.body)).toBe('%PDF-1.7 whole');

    await outputs.remove(`${ID}.pdf`);
    await outputs.remove(`${ID}.pdf`);
    expect(await outputs.size(`${ID}.pdf`)).toBeUndefined();
    expect(await outputs.openRead(`${ID}.pdf`)).toBeUndefined();
    await expect(outputs.read(`${ID}.pdf`)).rejects.toThrow();
  });

  it('streams a large document byte for byte', async () => {
    const { stores } = await open(kind);
    const bytes = Buffer.alloc(5 * 1024 * 1024);
    for (let at = 0; at < bytes.length; at += 1) bytes[at] = (at * 31) % 251;
    await stores.outputs.write(ID, 'png', bytes);
    const download = await stores.outputs.openRead(`${ID}.png`);
    if (download === undefined) throw new Error('the document was not found');
    expect(download.size).toBe(bytes.length);
    expect((await buffer(download.body)).equals(bytes)).toBe(true);
  });

  it('keeps outputs and print job documents apart', async () => {
    const { stores, url, dataDir } = await open(kind);
    await stores.outputs.write(ID, 'zpl', Buffer.from('^XA^XZ'));
    await stores.printDocuments.write(OTHER, 'zpl', Buffer.from('^XA^FDjob^FS^XZ'));
    expect(await stores.printDocuments.size(`${ID}.zpl`)).toBeUndefined();
    expect((await stores.printDocuments.read(`${OTHER}.zpl`)).toString()).toBe('^XA^FDjob^FS^XZ');
    if (url === undefined) {
      expect(readdirSync(join(dataDir, 'outputs'))).toEqual([`${ID}.zpl`]);
      expect(readdirSync(join(dataDir, 'print-jobs'))).toEqual([`${OTHER}.zpl`]);
    } else {
      expect(await bucketKeys(url)).toEqual([
        `labelsmith/site-a/outputs/${ID}.zpl`,
        `labelsmith/site-a/print-jobs/${OTHER}.zpl`,
      ]);
    }
  });

  it('removes unreferenced documents older than the cutoff only, asking about them a page at a time', async () => {
    const { stores } = await open(kind);
    await stores.outputs.write(ID, 'pdf', Buffer.from('%PDF'));
    await stores.outputs.write(OTHER, 'pdf', Buffer.from('%PDF'));
    const asked: string[][] = [];
    const referenced = async (names: readonly string[]) => {
      asked.push([...names].sort());
      return new Set([`${ID}.pdf`]);
    };
    // Both are younger than an hour ago: nothing is even asked about.
    expect(await stores.outputs.removeUnreferenced(referenced, Date.now() - HOUR_MS)).toBe(0);
    expect(asked).toEqual([]);
    expect(await stores.outputs.removeUnreferenced(referenced, Date.now() + HOUR_MS)).toBe(1);
    expect(asked).toEqual([[`${ID}.pdf`, `${OTHER}.pdf`]]);
    expect(await stores.outputs.size(`${ID}.pdf`)).toBe(4);
    expect(await stores.outputs.size(`${OTHER}.pdf`)).toBeUndefined();
  });

  it('answers ready while its storage is there', async () => {
    const { stores, dataDir } = await open(kind);
    await expect(stores.outputs.ready()).resolves.toBeUndefined();
    if (kind === 'folder') {
      rmSync(join(dataDir, 'outputs'), { recursive: true });
      await expect(stores.outputs.ready()).rejects.toThrow(/ENOENT/);
    }
  });

  it('refuses names that are not a render id and an extension', async () => {
    const { stores } = await open(kind);
    const { outputs } = stores;
    await expect(outputs.write('../../etc/passwd', 'pdf', Buffer.from(''))).rejects.toThrow(/not a render id/);
    await expect(outputs.write(ID, 'pdf/../../x', Buffer.from(''))).rejects.toThrow(/not an output file name/);
    await expect(outputs.read('../labelsmith.db')).rejects.toThrow(/not an output file name/);
    await expect(outputs.remove(`${ID}.pdf/..`)).rejects.toThrow(/not an output file name/);
  });
});

describe('output store: s3 at open', () => {
  it('fails at open, naming the bucket, when the bucket does not exist', async () => {
    const url = await freshBucketUrl();
    await expect(openOutputStores(tempDataDir(), url.replace('labelsmith-test-', 'missing-'))).rejects.toThrow(
      /the outputs bucket s3:\/\/missing-\S+ cannot be used/,
    );
  });
});
