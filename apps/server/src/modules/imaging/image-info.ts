/**
 * imageInfo (spec 2 §3) from the reader's SlideInfo, which is stored with the image at registration so
 * slide details never open the file. The stored JSON is checked on the way out: a row written by an older
 * reader, or damaged, gives null, and the caller answers 'ImageInfo unavailable'.
 */
import { z } from 'zod';
import type { ImageInfo } from '@tessera/contract';
import {
  servedTileSize,
  virtualLevels,
  type ChannelStatistics,
  type SlideInfo,
  type SlideLevel,
} from '@tessera/wsi';
import { storedChannelStatistics } from './channel-statistics.ts';

/** What of SlideInfo imageInfo needs (DicomSlideInfo and OpenSlideSlideInfo have it too, with wider formats). */
export type StoredSlideInfo = Omit<SlideInfo, 'format'> & { format: string };

const Mpp = z.object({ x: z.number(), y: z.number() }).nullable();
/** A stored level's size and tile size, as readers and the pyramid writer record them. */
const LevelSize = z.object({
  width: z.number().int(),
  height: z.number().int(),
  tileWidth: z.number().int(),
  tileHeight: z.number().int(),
});
const Stored = z.object({
  format: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  levels: z
    .array(
      LevelSize.extend({
        downsample: z.number(),
        /** Absent in rows stored before it was kept: those are served as stored. */
        isTiled: z.boolean().optional(),
      }),
    )
    .min(1),
  channels: z.array(
    z.object({
      name: z.string(),
      color: z.object({ r: z.number(), g: z.number(), b: z.number() }).nullable(),
      sampleType: z.string().nullable(),
    }),
  ),
  sizeZ: z.number().int(),
  metersPerPixel: Mpp,
  magnification: z.number(),
  isMagnificationKnown: z.boolean(),
  kind: z.enum(['brightfield', 'fluorescence']),
  associatedImages: z.array(
    z.object({
      kind: z.enum(['thumbnail', 'label', 'macro', 'overview']),
      width: z.number(),
      height: z.number(),
    }),
  ),
  iccProfileSize: z.number().int().nullable(),
});

/**
 * The stored form: SlideInfo as JSON (vendor properties kept for display and debugging), with the channel
 * statistics of a fluorescence image (channel-statistics.ts: null when they could not be read).
 */
export function storeSlideInfo(
  info: StoredSlideInfo,
  channelStatistics?: ChannelStatistics[] | null,
): string {
  return JSON.stringify(channelStatistics === undefined ? info : { ...info, channelStatistics });
}

const OptimizedLevels = z.array(LevelSize).min(1);

type TileLevels = ImageInfo['tileLevels'];

/**
 * The levels the tile paths serve from stored levels (wsi virtualLevels, the one rule): every 2× level
 * down to one tile, finest first.
 */
function tileLevelsOf(
  levels: readonly (Omit<SlideLevel, 'compression' | 'isTiled'> & { isTiled?: boolean })[],
): TileLevels {
  return virtualLevels(
    // Rows stored before isTiled was kept are served as stored: tiled.
    levels.map((l) => ({ ...l, isTiled: l.isTiled ?? true, compression: '' })),
  ).map((l) => ({ size: { w: l.width, h: l.height }, tileSize: { w: l.tileWidth, h: l.tileHeight } }));
}

/** The `tile-converted` grid of an optimized pyramid's stored levels (migration 0018), or null. */
function optimizedTileLevelsOf(optimizedLevels: string | null): TileLevels | null {
  if (optimizedLevels === null) return null;
  const result = OptimizedLevels.safeParse(parseJson(optimizedLevels));
  if (!result.success) return null;
  const [level0] = result.data;
  return tileLevelsOf(
    result.data.map((l) => ({
      ...l,
      downsample: (level0!.width / l.width + level0!.height / l.height) / 2,
    })),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function toImageInfo(image: {
  imageInfo: string;
  conversionStatus: string;
  optimizedLevels: string | null;
}): ImageInfo | null {
  const { conversionStatus } = image;
  const result = Stored.safeParse(parseJson(image.imageInfo));
  if (!result.success) return null;
  const info = result.data;
  const level0 = info.levels[0]!;
  const size = { w: info.width, h: info.height };
  const statistics = storedChannelStatistics(image.imageInfo);
  return {
    size,
    tileSize: servedTileSize(level0),
    levels: info.levels.map((l) => ({
      size: { w: l.width, h: l.height },
      tileSize: servedTileSize(l),
      downsample: l.downsample,
    })),
    tileLevels: tileLevelsOf(info.levels),
    optimizedTileLevels:
      conversionStatus === 'Converted' ? optimizedTileLevelsOf(image.optimizedLevels) : null,
    sizeZ: info.sizeZ,
    kind: info.kind,
    // Every channel of these formats covers the whole slide at the slide's resolution.
    channels: info.channels.map((c, i) => ({
      name: c.name,
      size,
      metersPerPixel: info.metersPerPixel,
      color: c.color,
      sampleType: c.sampleType,
      // The display range (spec 3 §3 channel min, max), where the default equalization starts.
      min: statistics?.[i]?.low ?? null,
      max: statistics?.[i]?.high ?? null,
    })),
    resolution: {
      metersPerPixel: info.metersPerPixel,
      magnification: info.magnification,
      isMagnificationKnown: info.isMagnificationKnown,
    },
    formats: conversionStatus === 'Converted' ? [info.format, 'optimized'] : [info.format],
    attachments: [
      ...info.associatedImages.map((a) => ({
        type: a.kind,
        size: { w: a.width, h: a.height },
        byteSize: null,
      })),
      ...(info.iccProfileSize !== null
        ? [{ type: 'iccProfile' as const, size: null, byteSize: info.iccProfileSize }]
        : []),
    ],
  };
}
