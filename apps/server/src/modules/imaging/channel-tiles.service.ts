/**
 * Channel tiles (issue #12 point 5, beyond the spec): a fluorescence tile's samples, every channel, in
 * the layout of the domain's channel-tiles.ts, so the viewer colours them on the GPU and an equalization
 * change needs no new request. Levels the file lacks are averaged from the stored ones sample by sample
 * (wsi generatePlane), as composited tiles are pixel by pixel. The answer is gzip-compressed when the
 * client accepts it: raw samples are large (two bytes per 16-bit channel per pixel) and compress well.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  bandCountOf,
  CHANNEL_TILE_MEDIA_TYPE,
  channelTileLayout,
  channelUnavailableMessage,
  MAX_CHANNEL_TILE_BANDS,
  type ChannelBands,
} from '@tessera/domain';
import { generatePlane, WsiError, type PixelPlane, type Slide } from '@tessera/wsi';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { AppError } from '../../errors.ts';
import {
  isNotModified,
  levelOf,
  TILE_ERROR_CODES,
  withTileSlide,
  type TileAnswer,
  type TileCaches,
  type TileImage,
  type TileSource,
} from './tiles.service.ts';

const gzip = promisify(zlib.gzip);

export const CHANNEL_TILE_MESSAGES = {
  notFluorescence: 'Channel tiles are made for fluorescence slides only',
  unsupportedTypes: `Channel tiles need 8- or 16-bit integer channels of at most ${MAX_CHANNEL_TILE_BANDS} bytes per pixel`,
} as const;

export const CHANNEL_TILE_ERROR_CODES = { unavailable: 'CHANNEL_TILES_UNAVAILABLE' } as const;

export interface ChannelTileRequest {
  z: number;
  x: number;
  y: number;
  /** The request's Accept-Encoding names gzip. */
  acceptsGzip: boolean;
}

export interface ChannelTileAnswer extends TileAnswer {
  /** 'gzip' when the bytes are compressed. */
  contentEncoding: 'gzip' | null;
}

export async function getChannelTile(
  ctx: AppContext,
  caches: TileCaches,
  project: ProjectScope,
  slideId: string,
  request: ChannelTileRequest,
  ifNoneMatch: string | undefined,
  source: TileSource,
): Promise<ChannelTileAnswer> {
  return withTileSlide(ctx, caches, project, slideId, source, (slide, image) =>
    renderChannelTile(slide, image, source, caches, request, ifNoneMatch),
  );
}

/** The slide's channel tile layout, or the 400 saying why it has none. */
function layoutOf(slide: Slide, image: TileImage, isConverted: boolean): ChannelBands[] {
  const unavailable = () =>
    new AppError(400, CHANNEL_TILE_ERROR_CODES.unavailable, CHANNEL_TILE_MESSAGES.notFluorescence);
  if (slide.info.kind !== 'fluorescence') throw unavailable();
  const types = slide.info.channels.map((c) => c.sampleType ?? null);
  const layout = channelTileLayout(types);
  if (!layout)
    throw new AppError(400, CHANNEL_TILE_ERROR_CODES.unavailable, CHANNEL_TILE_MESSAGES.unsupportedTypes);
  for (const type of types) {
    const message = channelUnavailableMessage({ format: image.format, isConverted }, type ?? 'unknown');
    if (message) throw new AppError(400, TILE_ERROR_CODES.channelUnavailable, message);
  }
  return layout;
}

async function renderChannelTile(
  slide: Slide,
  image: TileImage,
  source: TileSource,
  caches: TileCaches,
  request: ChannelTileRequest,
  ifNoneMatch: string | undefined,
): Promise<ChannelTileAnswer> {
  const layout = layoutOf(slide, image, source === 'converted');
  const { z, x, y } = request;
  const { level, virtual, info } = levelOf(slide, z, x, y);
  const encoding = request.acceptsGzip ? 'gzip' : null;
  // The image checksum names the content; the encoding is part of the representation.
  const etag = `"${image.checksum.slice(0, 24)}-${source === 'converted' ? 'c' : 'o'}${level}-${x}-${y}-channels${encoding ? '-gz' : ''}"`;
  const answer = {
    etag,
    contentType: CHANNEL_TILE_MEDIA_TYPE,
    isImmutable: source === 'converted',
    contentEncoding: encoding,
  } as const;
  if (isNotModified(ifNoneMatch, etag)) return { ...answer, bytes: null };

  const spp = layout.length;
  const readStored = (sx: number, sy: number) => readChannelPlane(slide, virtual.stored, sx, sy, layout);
  const make = async () => {
    const plane = virtual.isCut
      ? await generatePlane(virtual, info, x, y, spp, readStored)
      : await readStored(x, y);
    const packed = packChannelTile(plane, layout, virtual.tileWidth, virtual.tileHeight);
    return encoding
      ? gzip(packed, { level: 1 })
      : Buffer.from(packed.buffer, packed.byteOffset, packed.length);
  };
  // Made tiles (each from up to 4×4 stored tiles of every channel) are kept; stored ones are cheap to read.
  if (!virtual.isCut) return { ...answer, bytes: await make() };
  const key = [source, image.id, level, x, y, encoding].join(':');
  const cached = caches.generatedChannels.get(key);
  const bytes = cached ?? (await make());
  if (!cached) caches.generatedChannels.set(key, bytes);
  return { ...answer, bytes };
}

/** Every channel of stored tile (x, y), interleaved per pixel, each sample plus its type's offset. */
export async function readChannelPlane(
  slide: Slide,
  level: number,
  x: number,
  y: number,
  layout: readonly ChannelBands[],
): Promise<PixelPlane<Uint16Array>> {
  const tiles = await Promise.all(layout.map((_, c) => slide.readTile('samples', level, x, y, c)));
  const { width, height } = tiles[0]!;
  const spp = layout.length;
  const data = new Uint16Array(width * height * spp);
  tiles.forEach((tile, c) => {
    if (tile.width !== width || tile.height !== height)
      throw new WsiError(
        'corrupt',
        `Channel ${c} tile is ${tile.width}×${tile.height}, not ${width}×${height}`,
      );
    const samples = tile.data;
    const offset = layout[c]!.offset;
    for (let i = 0, o = c; i < width * height; i++, o += spp) data[o] = samples[i]! + offset;
  });
  return { data, width, height };
}

/**
 * The plane in the channel tile's bytes (domain channel-tiles.ts): per pixel each channel's stored value,
 * one byte or two (high first), over the whole grid tile of w × h, zeros past the plane.
 */
export function packChannelTile(
  plane: PixelPlane<Uint16Array>,
  layout: readonly ChannelBands[],
  w: number,
  h: number,
): Uint8Array {
  const bands = bandCountOf(layout);
  const spp = layout.length;
  const out = new Uint8Array(w * h * bands);
  const rows = Math.min(h, plane.height);
  const columns = Math.min(w, plane.width);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      let o = (row * w + col) * bands;
      const p = (row * plane.width + col) * spp;
      for (let c = 0; c < spp; c++) {
        const v = plane.data[p + c]!;
        if (layout[c]!.bands === 2) out[o++] = v >> 8;
        out[o++] = v & 0xff;
      }
    }
  }
  return out;
}
