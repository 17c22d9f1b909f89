// Canvas node of an image element: the embedded image drawn over its placement, cropped to the element box as the outputs clip it.
import { useEffect, useState } from 'react';
import { Image } from 'react-konva';
import type { LaidOutOf } from '../../engine';
import type { ElementNodeProps } from '../elementNodeProps';
import { visiblePart } from './imageCrop';

/** Decoded images by data URI: an element that only moves keeps its decoded image. Bounded, images may be 2 MB each. */
const decoded = new Map<string, HTMLImageElement>();
const DECODED_LIMIT = 32;

function decodedImage(uri: string): HTMLImageElement {
  let image = decoded.get(uri);
  if (!image) {
    image = new window.Image();
    image.src = uri;
    if (decoded.size >= DECODED_LIMIT) decoded.delete(decoded.keys().next().value as string);
    decoded.set(uri, image);
  }
  return image;
}

/** The image once it has decoded (undefined before, and if it cannot be). */
function useDecodedImage(uri: string): HTMLImageElement | undefined {
  const image = decodedImage(uri);
  const [ready, setReady] = useState<HTMLImageElement | undefined>(
    image.complete && image.naturalWidth > 0 ? image : undefined,
  );
  useEffect(() => {
    if (image.complete && image.naturalWidth > 0) {
      setReady(image);
      return;
    }
    const onLoad = () => setReady(image);
    image.addEventListener('load', onLoad);
    return () => image.removeEventListener('load', onLoad);
  }, [image]);
  return ready === image ? ready : undefined;
}

export function ImageNode({ element }: ElementNodeProps<LaidOutOf<'image'>>) {
  const image = useDecodedImage(`data:${element.mime};base64,${element.base64}`);
  const part = visiblePart(element.box, element.placement, element.pixelWidth, element.pixelHeight);
  if (!image || !part) return null;
  return <Image image={image} {...part.at} crop={part.crop} listening={false} />;
}
