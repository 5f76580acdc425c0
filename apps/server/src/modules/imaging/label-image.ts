/**
 * Which picture the slide table's Label column shows for an image (issue #10 point 11): the file's label,
 * else its thumbnail, else none. Decided from the image info stored at registration, so the table says
 * it per row and the web asks only for pictures that exist, instead of one failed request per slide.
 * It follows what the label and thumbnail routes can render (wsi imaging/pictures.ts): a label is the file's own; a
 * thumbnail is the file's own or its smallest level, each within the canvas limit.
 */
import { MAX_CANVAS_PIXELS } from '@tessera/wsi';

export type LabelImage = 'label' | 'thumbnail';

interface Sized {
  kind?: unknown;
  width?: unknown;
  height?: unknown;
}

const fitsCanvas = (image: Sized | undefined): boolean =>
  !!image &&
  typeof image.width === 'number' &&
  typeof image.height === 'number' &&
  image.width > 0 &&
  image.height > 0 &&
  image.width * image.height <= MAX_CANVAS_PIXELS;

/** The Label column's picture for an image's stored info (JSON text); null when it has neither or the info is unreadable. */
export function labelImageOf(storedInfo: string): LabelImage | null {
  let info: unknown;
  try {
    info = JSON.parse(storedInfo);
  } catch {
    return null;
  }
  if (typeof info !== 'object' || info === null) return null;
  const { associatedImages, levels } = info as { associatedImages?: unknown; levels?: unknown };
  const associated = Array.isArray(associatedImages) ? (associatedImages as Sized[]) : [];
  const ofKind = (kind: string) => associated.find((a) => a?.kind === kind);
  if (fitsCanvas(ofKind('label'))) return 'label';
  const smallestLevel = Array.isArray(levels) ? (levels.at(-1) as Sized | undefined) : undefined;
  if (fitsCanvas(ofKind('thumbnail')) || fitsCanvas(smallestLevel)) return 'thumbnail';
  return null;
}
