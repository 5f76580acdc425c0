/**
 * Channel statistics (spec 3 §3 "Image info: channels (type, name, min, max)"): per fluorescence channel the
 * true minimum and maximum of its samples and a robust display range, the 0.1th and 99.9th percentiles.
 *
 * Why percentiles: fluorescence samples fill a small part of their type's range (a uint16 channel often
 * lives in 0…3000), so a window of the type's range shows almost black; the true min/max are set by a
 * few hot pixels or saturated debris and are nearly as bad. Viewers auto-contrast by saturating a small
 * share of the darkest and brightest pixels: QuPath's default is 0.1 % at each end (the choice here),
 * ImageJ's "Auto" 0.35 % in all. Like QuPath, the histogram comes from a low-resolution level, not the
 * full image: it runs at registration, so the pixels read are bounded (statisticsBudget).
 */
import { WsiError } from '../errors.ts';
import type { SlideLevel } from '../formats/model.ts';
import type { DecodedTile } from '../tiff/decode.ts';
import type { Slide } from './slide-interface.ts';

/** Percent of the samples at or below the display range's low and high ends. */
export const DISPLAY_PERCENTILES = { low: 0.1, high: 99.9 } as const;

/** At most this many pixels of each channel are read: 2048². */
export const STATISTICS_MAX_PIXELS = 2048 * 2048;
/** …and of all channels together (a 40-channel panel reads a coarser level), but never under 512² each. */
export const STATISTICS_MAX_TOTAL_PIXELS = 4 * STATISTICS_MAX_PIXELS;
const STATISTICS_MIN_PIXELS = 512 * 512;

/** The default budget of pixels read per channel for a slide of `channels` channels. */
export function statisticsBudget(channels: number): number {
  const share = Math.floor(STATISTICS_MAX_TOTAL_PIXELS / Math.max(1, channels));
  return Math.max(STATISTICS_MIN_PIXELS, Math.min(STATISTICS_MAX_PIXELS, share));
}

export interface ChannelStatistics {
  /** The display range: the DISPLAY_PERCENTILES of the samples read. */
  low: number;
  high: number;
  /** The smallest and largest sample read. */
  min: number;
  max: number;
}

export interface StatisticsOptions {
  /** Pixels read per channel; default statisticsBudget(channels). */
  maxPixels?: number;
  percentiles?: { low: number; high: number };
}

/** A chunk (tile or strip) of the level to read. */
interface ChunkRef {
  x: number;
  y: number;
}

/**
 * The finest level of at most maxPixels (a pyramid's coarse levels are cheap and still show every
 * structure the display range depends on), else the smallest level, of which only some chunks are read.
 */
export function statisticsLevel(levels: readonly SlideLevel[], maxPixels = STATISTICS_MAX_PIXELS): number {
  const fitting = levels.findIndex((l) => l.width * l.height <= maxPixels);
  if (fitting >= 0) return fitting;
  let smallest = 0;
  levels.forEach((l, i) => {
    if (l.width * l.height < levels[smallest]!.width * levels[smallest]!.height) smallest = i;
  });
  return smallest;
}

/**
 * The chunks read of a level: all of them when they fit the budget, else an evenly spaced grid of them
 * (a single-level file too large to read whole: a spread sample, not the first rows only).
 */
export function statisticsChunks(level: SlideLevel, maxPixels = STATISTICS_MAX_PIXELS): ChunkRef[] {
  const across = Math.ceil(level.width / level.tileWidth);
  const down = Math.ceil(level.height / level.tileHeight);
  const wanted = Math.max(1, Math.floor(maxPixels / (level.tileWidth * level.tileHeight)));
  const stride = across * down <= wanted ? 1 : Math.ceil(Math.sqrt((across * down) / wanted));
  const chunks: ChunkRef[] = [];
  for (let y = Math.floor((stride - 1) / 2); y < down; y += stride)
    for (let x = Math.floor((stride - 1) / 2); x < across; x += stride) chunks.push({ x, y });
  return chunks.slice(0, wanted);
}

/**
 * Statistics of every channel of a fluorescence slide (z = 0), read from one level (statisticsLevel).
 * Padding beyond the level's edge is not counted. Throws the reader's error on a damaged file; the caller
 * decides what that means (the server stores none and falls back to the type's range).
 */
export async function readChannelStatistics(
  slide: Slide,
  options: StatisticsOptions = {},
): Promise<ChannelStatistics[]> {
  if (!slide.capabilities.channelSamples)
    throw new WsiError('unsupported', 'This reader does not read channel samples');
  const maxPixels = options.maxPixels ?? statisticsBudget(slide.info.channels.length);
  const percentiles = options.percentiles ?? DISPLAY_PERCENTILES;
  const index = statisticsLevel(slide.info.levels, maxPixels);
  const level = slide.info.levels[index]!;
  const chunks = statisticsChunks(level, maxPixels);
  const result: ChannelStatistics[] = [];
  for (let channel = 0; channel < slide.info.channels.length; channel++) {
    const samples = new SampleCounter();
    for (const { x, y } of chunks) {
      const tile = await slide.readTile('samples', index, x, y, channel);
      const width = Math.min(tile.width, level.width - x * level.tileWidth);
      const height = Math.min(tile.height, level.height - y * level.tileHeight);
      samples.add(tile, width, height);
    }
    result.push(samples.statistics(percentiles));
  }
  return result;
}

/**
 * Counts samples: 8- and 16-bit integers in a histogram (exact percentiles in one pass), wider and
 * floating-point types kept and sorted (bounded by maxPixels). NaN and infinities are not counted.
 */
class SampleCounter {
  private histogram: Uint32Array | null = null;
  private offset = 0;
  private values: number[] = [];

  add(tile: DecodedTile, width: number, height: number): void {
    const { data, samplesPerPixel: spp } = tile;
    this.histogram ??= histogramFor(tile.sampleType);
    this.offset = tile.sampleType === 'int8' ? 128 : tile.sampleType === 'int16' ? 32768 : 0;
    for (let row = 0; row < height; row++) {
      const start = row * tile.width * spp;
      for (let i = start; i < start + width * spp; i += spp) {
        const v = data[i]!;
        if (this.histogram) this.histogram[v + this.offset]!++;
        else if (Number.isFinite(v)) this.values.push(v);
      }
    }
  }

  statistics(p: { low: number; high: number }): ChannelStatistics {
    // Nearest rank; the tolerance keeps 99.9 % of 1000 at 999 despite floating-point error.
    const rank = (n: number, percent: number) =>
      Math.min(n, Math.max(1, Math.ceil((percent / 100) * n - 1e-9)));
    if (this.histogram) {
      const h = this.histogram;
      const n = h.reduce((sum, c) => sum + c, 0);
      if (n === 0) throw new WsiError('corrupt', 'The channel has no samples to count');
      const at = (r: number) => {
        let seen = 0;
        for (let v = 0; v < h.length; v++) if ((seen += h[v]!) >= r) return v - this.offset;
        return h.length - 1 - this.offset;
      };
      return { low: at(rank(n, p.low)), high: at(rank(n, p.high)), min: at(1), max: at(n) };
    }
    const sorted = Float64Array.from(this.values).sort();
    const n = sorted.length;
    if (n === 0) throw new WsiError('corrupt', 'The channel has no finite samples');
    const at = (r: number) => sorted[r - 1]!;
    return { low: at(rank(n, p.low)), high: at(rank(n, p.high)), min: at(1), max: at(n) };
  }
}

function histogramFor(sampleType: DecodedTile['sampleType']): Uint32Array | null {
  if (sampleType === 'uint8' || sampleType === 'int8') return new Uint32Array(256);
  if (sampleType === 'uint16' || sampleType === 'int16') return new Uint32Array(65536);
  return null;
}
