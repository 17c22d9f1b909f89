// The workspace's image library as the editor knows it: the list, and each image's drawn bytes as a data URI for the canvas.
import { createStore } from 'zustand/vanilla';
import type { LibraryImage } from '@shared/api/images';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { toDataUri } from '../../elements/image/imageUpload';

export interface LibraryImagesState {
  images: LibraryImage[];
  /** name → data URI of what renders draw, for the images fetched so far. */
  uris: ReadonlyMap<string, string>;
  loaded: boolean;
  problem: string | null;
}

export const libraryImagesStore = createStore<LibraryImagesState>(() => ({
  images: [],
  uris: new Map(),
  loaded: false,
  problem: null,
}));

/** name@updatedAt of each fetched data URI: a replaced image is fetched again, an unchanged one is not. */
const fetchedVersions = new Map<string, number>();

/** Reads the list again and fetches the drawn bytes of new and replaced images; the canvas lays out with them. */
export async function refreshLibraryImages(): Promise<void> {
  try {
    const images = await client.listImages();
    const uris = new Map(libraryImagesStore.getState().uris);
    for (const name of uris.keys()) if (!images.some((image) => image.name === name)) uris.delete(name);
    await Promise.all(
      images.map(async (image) => {
        if (fetchedVersions.get(image.name) === image.updatedAt && uris.has(image.name)) return;
        const blob = await client.drawnImage(image.name);
        uris.set(image.name, toDataUri(new Uint8Array(await blob.arrayBuffer()), blob.type));
        fetchedVersions.set(image.name, image.updatedAt);
      }),
    );
    libraryImagesStore.setState({ images, uris, loaded: true, problem: null });
  } catch (error) {
    libraryImagesStore.setState({ loaded: true, problem: describeError(error) });
  }
}
