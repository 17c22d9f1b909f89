import { describe, expect, it } from 'vitest';
import { ConflictError } from '@shared/api/apiErrors';
import { tempDataDir, STORE_DIALECTS, testStoreOpener } from '../../../test/support/store/storeTestSupport';
import type { ImageContent } from './images';

const png = (marker: number): ImageContent => ({
  type: 'png',
  data: Buffer.from([0x89, 0x50, 0x4e, 0x47, marker]),
  raster: null,
  pixelWidth: 2,
  pixelHeight: 3,
});
const svg: ImageContent = {
  type: 'svg',
  data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  raster: Buffer.from([0x89, 0x50, 0x4e, 0x47, 9]),
  pixelWidth: 10,
  pixelHeight: 10,
};

describe.each(STORE_DIALECTS)('images on %s', (dialect) => {
  const openTestStore = testStoreOpener(dialect);

  it('keeps bytes and metadata per team across a reopen, and draws an SVG from its raster', async () => {
    const dir = tempDataDir();
    const store = await openTestStore(dir);
    const acme = await store.teams.create({ name: 'Acme', plan: 'pro' });
    const other = await store.teams.create({ name: 'Other', plan: 'dev' });
    await store.images.create(acme.id, 'logo', png(1), 10);
    await store.images.create(acme.id, 'badge', svg, 10);
    await store.close();

    const reopened = await openTestStore(dir);
    expect((await reopened.images.list(acme.id)).map((image) => [image.name, image.type, image.sizeBytes])).toEqual([
      ['badge', 'svg', svg.data.length],
      ['logo', 'png', 5],
    ]);
    expect(await reopened.images.list(other.id)).toEqual([]);
    expect((await reopened.images.get(acme.id, 'logo'))?.data).toEqual(png(1).data);
    expect(await reopened.images.drawn(acme.id, 'badge')).toEqual({ mime: 'image/png', bytes: svg.raster });
    expect(await reopened.images.drawn(acme.id, 'logo')).toEqual({ mime: 'image/png', bytes: png(1).data });
    expect(await reopened.images.get(other.id, 'logo')).toBeUndefined();
  });

  it('refuses a taken name and a full library without storing anything, replaces and removes once', async () => {
    const store = await openTestStore();
    const team = await store.teams.create({ name: 'Acme', plan: 'pro' });
    await store.images.create(team.id, 'logo', png(1), 2);
    await expect(store.images.create(team.id, 'logo', png(2), 2)).rejects.toThrow(ConflictError);
    await store.images.create(team.id, 'seal', png(3), 2);
    await expect(store.images.create(team.id, 'third', png(4), 2)).rejects.toThrow(/holds 2 images/);
    expect((await store.images.list(team.id)).map((image) => image.name)).toEqual(['logo', 'seal']);

    expect((await store.images.replace(team.id, 'logo', png(7)))?.sizeBytes).toBe(5);
    expect((await store.images.get(team.id, 'logo'))?.data).toEqual(png(7).data);
    expect(await store.images.replace(team.id, 'nope', png(7))).toBeUndefined();
    expect(await store.images.remove(team.id, 'logo')).toBe(true);
    expect(await store.images.remove(team.id, 'logo')).toBe(false);
  });
});
