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

export function tileLoader(fetchTile: FetchTile, tileSizeOf: (z: number) => [number, number]) {
  return (tile: Tile, src: string): void => {
    const imageTile = tile as ImageTile;
    const [w, h] = tileSizeOf(imageTile.getTileCoord()[0]!);
    fetchTile(src)
      .then((blob) => createImageBitmap(blob))
      .then((bitmap) =>
        imageTile.setImage(bitmap.width >= w && bitmap.height >= h ? asImage(bitmap) : padded(bitmap, w, h)),
      )
      .catch(() => imageTile.setImage(placeholder(w, h)));
  };
}

/** OpenLayers draws any CanvasImageSource; its types name only elements. */
const asImage = (bitmap: ImageBitmap) => bitmap as unknown as TileImage & HTMLCanvasElement;

function padded(bitmap: ImageBitmap, w: number, h: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
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
