import { describe, expect, it } from 'vitest';
import { imageSrcSchema } from '@shared/elements/image/imageSchema';
import { imageFileProblem, readImageFile, toDataUri } from './imageUpload';

describe('image upload', () => {
  it('accepts PNG and JPEG up to 2 MB', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeUndefined();
    expect(imageFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(imageFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('a.gif is not a PNG or JPEG image');
    expect(imageFileProblem({ name: 'big.png', type: 'image/png', size: 3 * 1024 * 1024 })).toMatch(
      /3\.0 MB; images may be at most 2 MB/,
    );
  });

  it('encodes bytes as the data URI the template format takes, large files included', async () => {
    expect(toDataUri(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png')).toBe('data:image/png;base64,iVBORw==');
    const big = new Uint8Array(100_000).map((_, index) => index % 251);
    const uri = await readImageFile(new File([big], 'big.png', { type: 'image/png' }));
    expect(imageSrcSchema.safeParse(uri).success).toBe(true);
    expect(Buffer.from(uri.split(',')[1] ?? '', 'base64').equals(Buffer.from(big))).toBe(true);
    await expect(readImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).rejects.toThrow(
      'a.txt is not a PNG or JPEG image',
    );
  });
});
