/**
 * The slide layer's tile loading: each tile fetched with the session's token (an <img src> cannot send
 * it), decoded off the main thread by createImageBitmap, and handed to OpenLayers as drawn.
 *
 * Why not OpenLayers' own image loading: it cannot authenticate, and it stretches an image smaller than
 * the grid's tile over the whole tile — the server clips tiles at the right and bottom edges of levels it
 * makes, so those are padded here to the grid's size. A tile that fails becomes a neutral placeholder
 * (spec 2 §7: "Failed tile loads fall back to an empty or placeholder tile").
 */
import type ImageTile from 'ol/ImageTile.js';
import type Tile from 'ol/Tile.js';

export type FetchTile = (url: string) => Promise<Blob>;
type TileImage = ReturnType<ImageTile['getImage']>;

/** The placeholder's colour: the light grey of an empty slide area, so a failure reads as missing, not as tissue. */
const PLACEHOLDER_COLOUR = '#e6e6e6';

/**
 * `isMirrored`: the slide is flipped (spec 2 §4): each tile is drawn mirrored, padding and all, since
 * the flipped grid mirrors the padded grid (slide-pyramid.ts flippedOrigins).
 */
export function tileLoader(
  fetchTile: FetchTile,
  tileSizeOf: (z: number) => [number, number],
  isMirrored = false,
) {
  return (tile: Tile, src: string): void => {
    const imageTile = tile as ImageTile;
    const [w, h] = tileSizeOf(imageTile.getTileCoord()[0]!);
    fetchTile(src)
      .then((blob) => createImageBitmap(blob))
      .then((bitmap) => {
        const isWhole = bitmap.width >= w && bitmap.height >= h;
        imageTile.setImage(isWhole && !isMirrored ? asImage(bitmap) : drawn(bitmap, w, h, isMirrored));
      })
      .catch(() => imageTile.setImage(placeholder(w, h)));
  };
}

/** OpenLayers draws any CanvasImageSource; its types name only elements. */
const asImage = (bitmap: ImageBitmap) => bitmap as unknown as TileImage & HTMLCanvasElement;

/** The tile on a canvas of the grid's tile size: padded at the right and bottom, mirrored if asked. */
function drawn(bitmap: ImageBitmap, w: number, h: number, isMirrored: boolean): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d')!;
  if (isMirrored) context.setTransform(-1, 0, 0, 1, w, 0);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas;
}

const placeholders = new Map<string, HTMLCanvasElement>();
function placeholder(w: number, h: number): HTMLCanvasElement {
  const key = `${w}x${h}`;
  let canvas = placeholders.get(key);
  if (!canvas) {
    canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const context = canvas.getContext('2d')!;
    context.fillStyle = PLACEHOLDER_COLOUR;
    context.fillRect(0, 0, w, h);
    placeholders.set(key, canvas);
  }
  return canvas;
}
