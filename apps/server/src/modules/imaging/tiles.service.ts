/**
 * Slide tiles (spec 2 §7): level from the inverted z, brightfield JPEG tiles passed through as stored,
 * everything else decoded, composited (fluorescence, by the equalization clamped to the channel limits of
 * spec 3 §5), optionally ICC-converted to sRGB, and encoded to the negotiated format.
 */
import crypto from 'node:crypto';
import {
  channelUnavailableMessage,
  defaultEqualizationPreset,
  equalizationKey,
  hasTypeLimits,
  isChannelAvailable,
  parseEqualization,
  parseEqualizationSegment,
  presetToTileEqualization,
  resolveEqualization,
  type EqualizationChannelInfo,
  type EqualizationResult,
  type TileEqualization,
} from '@tessera/domain';
import {
  convertToSrgb,
  encodeRgbTile,
  generateTile,
  isUsableRgbProfile,
  isWsiError,
  readCompositeTile,
  TILE_FORMATS,
  TILE_MIME_TYPES,
  type RgbTile,
  type Slide,
  type TileFormat,
} from '@tessera/wsi';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import { AppError, badRequest } from '../../errors.ts';
import {
  ensureChannelStatistics,
  storedChannelStatistics,
  type StoredChannelStatistics,
} from './channel-statistics.ts';
import { findImageById } from './images.queries.ts';
import { IMAGE_ERROR_CODES, IMAGE_MESSAGES } from './images.service.ts';
import { SLIDE_ERROR_CODES, SLIDE_MESSAGES } from '../slides/slides.service.ts';
import type { SlideHandleCache } from './slide-handles.ts';
import { findTileImage } from './tiles.queries.ts';
import { openOriginal, openPyramid } from './stored-slides.ts';
import type { ByteLru } from '../../lib/byte-lru.ts';
import { virtualLevels, type TileLru } from './virtual-levels.ts';

export const TILE_MESSAGES = {
  outOfRange: (what: string) => `Tile ${what} is outside the slide`,
  unknownFormat: `format must name one of ${TILE_FORMATS.join(', ')}`,
  iccUnavailable: 'ICC conversion is not available',
  unreadable: (reason: string) => `The tile cannot be read: ${reason}`,
  notOptimized: 'The slide is not optimized for viewing yet',
} as const;

export const TILE_ERROR_CODES = {
  outOfRange: 'TILE_OUT_OF_RANGE',
  invalidEqualization: 'INVALID_EQUALIZATION',
  channelUnavailable: 'CHANNEL_UNAVAILABLE',
  iccUnavailable: 'ICC_UNAVAILABLE',
  unreadable: 'TILE_UNREADABLE',
  notOptimized: 'SLIDE_NOT_OPTIMIZED',
} as const;

export interface TileRequest {
  /** The path segment (`noeq` or JSON), or the POST body's list. */
  equalization: string | unknown[];
  z: number;
  x: number;
  y: number;
  format: string | undefined;
  iccApply: boolean;
}

export interface TileAnswer {
  etag: string;
  contentType: string;
  /** Converted (optimized) tiles never change; tiles of original files are cached for an hour. */
  isImmutable: boolean;
  /** Null when the caller's If-None-Match already names this tile. */
  bytes: Buffer | null;
}

/** The first format of a comma-separated preference list that we serve; jpeg when none is asked. */
export function negotiateFormat(list: string | undefined): TileFormat {
  if (list === undefined || list.trim() === '') return 'jpeg';
  const wanted = list.split(',').map((f) =>
    f
      .trim()
      .toLowerCase()
      .replace(/^image\//, ''),
  );
  const found = wanted
    .map((f) => (f === 'jpg' ? 'jpeg' : f))
    .find((f): f is TileFormat => (TILE_FORMATS as readonly string[]).includes(f));
  if (!found) throw badRequest(TILE_MESSAGES.unknownFormat);
  return found;
}

function parseRequestEqualization(value: string | unknown[]): TileEqualization | null {
  const result: EqualizationResult<TileEqualization | null> =
    typeof value === 'string' ? parseEqualizationSegment(value) : parseEqualization(JSON.stringify(value));
  if (!result.ok) throw new AppError(400, TILE_ERROR_CODES.invalidEqualization, result.message);
  return result.value;
}

/**
 * What the equalization rules need of each channel; unconverted qptiff non-uint8 channels are unavailable.
 * min and max are the channel's display range (channel statistics), as slide details and the
 * equalization service give them.
 */
function channelInfos(
  slide: Slide,
  format: string,
  isConverted: boolean,
  statistics: StoredChannelStatistics | null,
): EqualizationChannelInfo[] {
  return slide.info.channels.map((c, i) => {
    const type = c.sampleType ?? 'unknown';
    const color = c.color ? ([c.color.r, c.color.g, c.color.b] as const) : null;
    const range = { min: statistics?.[i]?.low ?? null, max: statistics?.[i]?.high ?? null };
    return {
      name: c.name,
      type,
      ...range,
      color,
      isAvailable: isChannelAvailable({ format, isConverted }, type),
    };
  });
}

/**
 * The stored channel statistics, read only when they change the tile: the default equalization ranges
 * over them, and they are the limits of channels of non-integer types. Integer channels with a requested
 * equalization (the viewer's every tile) need no extra query.
 */
function needsStatistics(slide: Slide, requested: TileEqualization | null): boolean {
  if (slide.info.kind !== 'fluorescence') return false;
  return requested === null || slide.info.channels.some((c) => !hasTypeLimits(c.sampleType ?? 'unknown'));
}

async function statisticsOf(ctx: AppContext, imageId: string): Promise<StoredChannelStatistics | null> {
  const image = await findImageById(ctx.db, imageId);
  return image ? storedChannelStatistics(await ensureChannelStatistics(ctx, image)) : null;
}

function outOfRange(what: string): AppError {
  return new AppError(404, TILE_ERROR_CODES.outOfRange, TILE_MESSAGES.outOfRange(what));
}

/**
 * The 2× level for z (spec 2 §7: z is the maximum level minus the level), with the tile inside its grid,
 * and the stored level it is (factor 1) or is made from.
 */
export function levelOf(slide: Slide, z: number, x: number, y: number) {
  const levels = virtualLevels(slide.info.levels);
  const level = levels.length - 1 - z;
  const virtual = levels[level];
  if (!virtual) throw outOfRange(`level z=${z}`);
  if (
    x >= Math.ceil(virtual.width / virtual.tileWidth) ||
    y >= Math.ceil(virtual.height / virtual.tileHeight)
  )
    throw outOfRange(`(${x}, ${y}) at z=${z}`);
  return { level, virtual, info: slide.info.levels[virtual.stored]! };
}

/** Tiles of the original file, or of its optimized pyramid (the `tile-converted` path of spec 2 §7). */
export type TileSource = 'original' | 'converted';

/** What rendering needs of the image: its identity for the ETag and its format for the channel rules. */
export interface TileImage {
  id: string;
  checksum: string;
  format: string;
}

export interface TileCaches {
  handles: SlideHandleCache;
  /** Tiles made for levels the file lacks. */
  generated: TileLru;
  /** Channel tiles made for levels the file lacks, as answered. */
  generatedChannels: ByteLru<Buffer>;
}

/**
 * A strong ETag naming exactly what the tile is made of. The image checksum is already a content hash;
 * only an equalization (free-form JSON) is hashed, so the common request hashes nothing.
 */
function etagOf(
  checksum: string,
  source: TileSource,
  level: number,
  x: number,
  y: number,
  equalizationKey: string,
  format: TileFormat,
  isIccApplied: boolean,
): string {
  const eq =
    equalizationKey === ''
      ? 'noeq'
      : crypto.createHash('sha256').update(equalizationKey).digest('base64url').slice(0, 16);
  return `"${checksum.slice(0, 24)}-${source === 'converted' ? 'c' : 'o'}${level}-${x}-${y}-${eq}-${format}-${isIccApplied ? 'icc' : 'raw'}"`;
}

export async function getTile(
  ctx: AppContext,
  caches: TileCaches,
  project: ProjectScope,
  slideId: string,
  request: TileRequest,
  ifNoneMatch: string | undefined,
  source: TileSource = 'original',
): Promise<TileAnswer> {
  const format = negotiateFormat(request.format);
  const equalization = parseRequestEqualization(request.equalization);
  return withTileSlide(ctx, caches, project, slideId, source, (slide, image) =>
    renderTile(
      slide,
      { image, source, generated: caches.generated, statistics: () => statisticsOf(ctx, image.id) },
      request,
      format,
      equalization,
      ifNoneMatch,
    ),
  );
}

/**
 * Runs `read` on the slide a tile of `source` comes from — the original file, or its optimized pyramid
 * once Converted — open in the handle cache, and answers what a read can fail with as the tile routes'
 * 4xx (a tile outside the slide, an unreadable file, a missing one).
 */
export async function withTileSlide<T>(
  ctx: AppContext,
  caches: TileCaches,
  project: ProjectScope,
  slideId: string,
  source: TileSource,
  read: (slide: Slide, image: TileImage) => Promise<T>,
): Promise<T> {
  const row = await findTileImage.first(ctx.db, { projectId: project.id, slideId });
  if (!row) throw new AppError(404, SLIDE_ERROR_CODES.notFound, SLIDE_MESSAGES.notFound(slideId));
  const image: TileImage = { id: row.id, checksum: row.checksum, format: row.format };
  const paths = JSON.parse(row.storage_paths) as string[];
  let open = () => openOriginal(ctx.blobs, paths);
  if (source === 'converted') {
    // Only a Converted image has a complete pyramid; the job records its path after the final rename.
    const pyramid = row.conversion_status === 'Converted' ? row.optimized_path : null;
    if (!pyramid) throw new AppError(404, TILE_ERROR_CODES.notOptimized, TILE_MESSAGES.notOptimized);
    open = () => openPyramid(ctx.blobs, pyramid);
  }
  return caches.handles
    .with(`${source}:${image.id}`, open, (slide) => read(slide, image))
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      if (isWsiError(error)) {
        if (error.code === 'out-of-range')
          throw new AppError(404, TILE_ERROR_CODES.outOfRange, error.message);
        throw new AppError(422, TILE_ERROR_CODES.unreadable, TILE_MESSAGES.unreadable(error.message));
      }
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
        throw new AppError(404, IMAGE_ERROR_CODES.imageInfoUnavailable, IMAGE_MESSAGES.imageInfoUnavailable);
      }
      throw error;
    });
}

/** True when the caller's If-None-Match names this ETag (or any). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

async function renderTile(
  slide: Slide,
  {
    image,
    source,
    generated,
    statistics,
  }: {
    image: TileImage;
    source: TileSource;
    generated: TileLru;
    statistics: () => Promise<StoredChannelStatistics | null>;
  },
  request: TileRequest,
  format: TileFormat,
  requested: TileEqualization | null,
  ifNoneMatch: string | undefined,
): Promise<TileAnswer> {
  const { level, virtual, info } = levelOf(slide, request.z, request.x, request.y);
  const { x, y } = request;
  const isConverted = source === 'converted';
  const isFluorescence = slide.info.kind === 'fluorescence';
  const stats = needsStatistics(slide, requested) ? await statistics() : null;
  const equalization = tileEqualization(slide, image.format, isConverted, requested, stats);
  const icc = request.iccApply ? await usableIccProfile(slide) : null;
  const etag = etagOf(
    image.checksum,
    source,
    level,
    x,
    y,
    equalization ? equalizationKey(equalization) : '',
    format,
    icc !== null,
  );
  // Converted pyramids are written once and never change (a re-conversion writes a new file).
  const answer = { etag, contentType: TILE_MIME_TYPES[format], isImmutable: isConverted };
  if (isNotModified(ifNoneMatch, etag)) return { ...answer, bytes: null };

  // Brightfield JPEG tiles as stored (spec: never decoded or re-encoded) when nothing changes their pixels.
  const stored = virtual.stored;
  const isPassthrough =
    !virtual.isCut &&
    !isFluorescence &&
    info.compression === 'jpeg' &&
    format === 'jpeg' &&
    !equalization &&
    !icc;
  if (isPassthrough && slide.capabilities.storedTiles)
    return { ...answer, bytes: await slide.readTile('passthrough', stored, x, y) };

  const readStored = (sx: number, sy: number) =>
    isFluorescence
      ? readCompositeTile(slide, stored, sx, sy, equalization ?? [])
      : slide.readTile('rgb', stored, sx, sy);
  let tile: RgbTile;
  if (!virtual.isCut) tile = await readStored(x, y);
  else {
    // Brightfield is cached before the level stretch; fluorescence composites depend on the equalization.
    const key = [source, image.id, level, x, y, isFluorescence ? equalizationKey(equalization) : ''].join(
      ':',
    );
    const cached = generated.get(key);
    tile = cached ?? (await generateTile(virtual, info, x, y, readStored));
    if (!cached) generated.set(key, tile);
  }
  if (!isFluorescence && equalization) tile = await stretchLevels(tile, equalization[0]!);
  const rgb = icc ? await convertToSrgb(tile.rgb, tile.width, tile.height, icc) : tile.rgb;
  return { ...answer, bytes: await encodeRgbTile(rgb, tile.width, tile.height, format) };
}

/**
 * The equalization a tile is rendered with: fluorescence always has one (the default preset when none is
 * asked), checked against the channels' availability; brightfield only when a window is enabled.
 */
function tileEqualization(
  slide: Slide,
  format: string,
  isConverted: boolean,
  requested: TileEqualization | null,
  statistics: StoredChannelStatistics | null,
): TileEqualization | null {
  if (slide.info.kind === 'fluorescence') {
    const channels = channelInfos(slide, format, isConverted, statistics);
    const chosen = requested ?? presetToTileEqualization(defaultEqualizationPreset(channels), channels);
    const resolved = resolveEqualization(chosen, channels);
    if (!resolved.ok) throw new AppError(400, TILE_ERROR_CODES.invalidEqualization, resolved.message);
    for (const w of resolved.value) {
      const message = w.enabled
        ? channelUnavailableMessage({ format, isConverted }, channels[w.channel]!.type)
        : null;
      if (message) throw new AppError(400, TILE_ERROR_CODES.channelUnavailable, message);
    }
    return resolved.value;
  }
  if (!requested) return null;
  // Brightfield: the first window (if enabled) stretches the RGB levels; colours do not apply.
  const resolved = resolveEqualization(requested.slice(0, 1), [{ name: 'rgb', type: 'uint8' }]);
  if (!resolved.ok) throw new AppError(400, TILE_ERROR_CODES.invalidEqualization, resolved.message);
  const enabled = resolved.value.filter((w) => w.enabled);
  return enabled.length === 0 ? null : enabled;
}

/** The slide's ICC profile for iccApply (null when it has none); one lcms2 would reject is refused. */
async function usableIccProfile(slide: Slide): Promise<Buffer | null> {
  const icc = await slide.readIccProfile();
  if (icc && !isUsableRgbProfile(icc))
    throw new AppError(400, TILE_ERROR_CODES.iccUnavailable, TILE_MESSAGES.iccUnavailable);
  return icc;
}

/** Brightfield with a window: out = (v − min) · 255 / (max − min), clamped (a step when min = max). */
async function stretchLevels(tile: RgbTile, window: { min: number; max: number }): Promise<RgbTile> {
  const span = window.max - window.min;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++)
    lut[v] =
      span > 0
        ? Math.round(Math.min(1, Math.max(0, (v - window.min) / span)) * 255)
        : v >= window.max
          ? 255
          : 0;
  const rgb = new Uint8Array(tile.rgb.length);
  for (let i = 0; i < rgb.length; i++) rgb[i] = lut[tile.rgb[i]!]!;
  return { ...tile, rgb };
}
