/**
 * Level 0 of a slide cut into T×T output tiles whatever its stored chunking (tiles of another size,
 * strips), read through the slide's tile reads: conversion's decode-and-re-encode and lossless paths.
 * Decoded chunks are kept while output rows still overlap them, so each is decoded once; memory stays at
 * about one chunk row per channel.
 */
import { WsiError } from '../errors.ts';
import type { DecodedTile } from '../tiff/decode.ts';
import type { Slide } from './slide-interface.ts';

export type Samples = Uint8Array | Uint16Array;

/** A decoded source chunk as samples with a row stride: `spp` samples per pixel. */
export interface Chunk {
  width: number;
  height: number;
  spp: number;
  data: Samples;
}

/** Brightfield samples as 8-bit RGB: grey replicated, alpha dropped, 16-bit scaled down. */
export function rgbSamples(tile: DecodedTile): Chunk {
  const { width, height, samplesPerPixel: spp, sampleType, data } = tile;
  if (sampleType !== 'uint8' && sampleType !== 'uint16')
    throw new WsiError('unsupported', `Brightfield samples of type ${sampleType} cannot be optimized`);
  const shift = sampleType === 'uint16' ? 8 : 0;
  const out = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    for (let k = 0; k < 3; k++) out[p * 3 + k] = Number(data[p * spp + (spp >= 3 ? k : 0)]) >> shift;
  }
  return { width, height, spp: 3, data: out };
}

/** One fluorescence channel's samples, in the channel's own type. */
export function channelSamples(tile: DecodedTile, sampleType: 'uint8' | 'uint16'): Chunk {
  const ok = sampleType === 'uint16' ? tile.data instanceof Uint16Array : tile.data instanceof Uint8Array;
  if (!ok || tile.samplesPerPixel !== 1)
    throw new WsiError('corrupt', 'A channel tile does not hold one sample per pixel of the channel type');
  return { width: tile.width, height: tile.height, spp: 1, data: tile.data as Samples };
}

export class Level0Grid {
  private readonly cache = new Map<string, Promise<Chunk>>();
  private readonly cw: number;
  private readonly ch: number;
  private readonly isJpeg: boolean;

  constructor(
    private readonly slide: Slide,
    private readonly T: number,
    private readonly convert: (tile: DecodedTile) => Chunk,
  ) {
    const l = slide.info.levels[0]!;
    if (l.compression === 'jpeg2000')
      throw new WsiError('needs-openslide', 'JPEG 2000 tiles are read through OpenSlide');
    this.cw = l.tileWidth;
    this.ch = l.tileHeight;
    this.isJpeg = l.compression === 'jpeg';
  }

  async tile(x: number, y: number, channel: number, sampleType: 'uint8' | 'uint16'): Promise<Samples> {
    const { T, cw, ch } = this;
    const { width: W, height: H } = this.slide.info;
    const spp = this.slide.info.kind === 'fluorescence' ? 1 : 3;
    const out = sampleType === 'uint16' ? new Uint16Array(T * T * spp) : new Uint8Array(T * T * spp);
    if (spp === 3) out.fill(255); // padding beyond the image: white background
    for (const key of this.cache.keys())
      if ((Number(key.split(':')[2]) + 1) * ch <= y * T) this.cache.delete(key);
    const x1 = Math.min((x + 1) * T, W);
    const y1 = Math.min((y + 1) * T, H);
    for (let cy = Math.floor((y * T) / ch); cy * ch < y1; cy++) {
      for (let cx = Math.floor((x * T) / cw); cx * cw < x1; cx++) {
        const chunk = await this.chunk(cx, cy, channel);
        const rows = Math.min(chunk.height, y1 - cy * ch);
        for (let r = Math.max(0, y * T - cy * ch); r < rows; r++) {
          const from = Math.max(0, x * T - cx * cw);
          const to = Math.min(chunk.width, x1 - cx * cw);
          if (to <= from) continue;
          const src = (r * chunk.width + from) * spp;
          const dst = ((cy * ch + r - y * T) * T + (cx * cw + from - x * T)) * spp;
          out.set(chunk.data.subarray(src, src + (to - from) * spp), dst);
        }
      }
    }
    return out;
  }

  private chunk(cx: number, cy: number, channel: number): Promise<Chunk> {
    const key = `${channel}:${cx}:${cy}`;
    let chunk = this.cache.get(key);
    if (!chunk) {
      // Brightfield JPEG decodes straight to RGB; everything else through the caller's sample conversion.
      chunk = this.isJpeg
        ? this.slide.readTile('rgb', 0, cx, cy).then(({ rgb, width, height }) => ({
            width,
            height,
            spp: 3,
            data: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length),
          }))
        : this.slide.readTile('samples', 0, cx, cy, channel).then(this.convert);
      this.cache.set(key, chunk);
    }
    return chunk;
  }
}
