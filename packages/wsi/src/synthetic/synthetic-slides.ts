import { createHash } from 'node:crypto';
import { PyramidWriter } from '../writer/index.ts';
import {
  createBrightfieldTextures,
  createFluorescenceTextures,
  FLUORESCENCE_CHANNELS,
  PERIOD,
  tissueWeight,
  type TissueShape,
} from './textures.ts';

export interface SyntheticSlideOptions {
  width: number;
  height: number;
  /** Same seed, same pixels and the same file bytes. Default 1. */
  seed?: number;
  /** 128, 256 (default) or 512: must divide the texture period. */
  tileSize?: number;
  /** Micrometres per pixel at level 0; default 0.25 (a 40× scan). */
  mpp?: number;
  /** Default 40. */
  magnification?: number;
  /** 'subifd' (OME-TIFF, default) or 'chain' (successive IFDs for OpenSlide 3.4.1 and iipsrv; brightfield only). */
  layout?: 'subifd' | 'chain';
  /** Called after every row of level-0 tiles. */
  onProgress?: (rowsDone: number, rowsTotal: number) => void;
}

export interface GeneratedSlide {
  path: string;
  levels: { width: number; height: number }[];
  seconds: number;
}

/** The mask is sampled every BLOCK pixels and interpolated; uniform blocks are copied without blending. */
const BLOCK = 8;

/**
 * A brightfield (H&E-like) pyramid: pink stroma and purple nuclei in tissue islands on near-white glass,
 * JPEG tiles, OME-XML with the given mpp and magnification. Made tile by tile, so any size fits in memory.
 */
export async function generateBrightfieldSlide(
  path: string,
  options: SyntheticSlideOptions,
): Promise<GeneratedSlide> {
  const o = resolve(options);
  const textures = createBrightfieldTextures(o.seed);
  return writeSlide(path, o, 'brightfield', (gx0, gy0, tileSize) => {
    const out = new Uint8Array(tileSize * tileSize * 3);
    const { weights, across } = maskGrid(gx0, gy0, tileSize, o);
    const first = weights[0]!;
    if ((first === 0 || first === 1) && weights.every((w) => w === first)) {
      // Most tiles of a large slide are wholly tissue or wholly glass: one row copy each instead of per block.
      const source = first === 1 ? textures.tissue : textures.background;
      for (let y = 0; y < tileSize; y++) {
        const start = (((gy0 + y) % PERIOD) * PERIOD + (gx0 % PERIOD)) * 3;
        out.set(source.subarray(start, start + tileSize * 3), y * tileSize * 3);
      }
      return [out];
    }
    for (let by = 0; by < tileSize / BLOCK; by++) {
      for (let bx = 0; bx < tileSize / BLOCK; bx++) {
        const w00 = weights[by * across + bx]!;
        const w10 = weights[by * across + bx + 1]!;
        const w01 = weights[(by + 1) * across + bx]!;
        const w11 = weights[(by + 1) * across + bx + 1]!;
        const uniform = w00 === w10 && w00 === w01 && w00 === w11 && (w00 === 0 || w00 === 1);
        for (let j = 0; j < BLOCK; j++) {
          const y = by * BLOCK + j;
          const textureRow = ((gy0 + y) % PERIOD) * PERIOD;
          const x0 = bx * BLOCK;
          const texStart = (textureRow + ((gx0 + x0) % PERIOD)) * 3;
          const outStart = (y * tileSize + x0) * 3;
          if (uniform) {
            const source = w00 === 1 ? textures.tissue : textures.background;
            out.set(source.subarray(texStart, texStart + BLOCK * 3), outStart);
            continue;
          }
          const fy = j / BLOCK;
          const left = w00 + (w01 - w00) * fy;
          const right = w10 + (w11 - w10) * fy;
          for (let i = 0; i < BLOCK; i++) {
            const w = left + ((right - left) * i) / BLOCK;
            for (let s = 0; s < 3; s++) {
              const t = textures.tissue[texStart + i * 3 + s]!;
              const b = textures.background[texStart + i * 3 + s]!;
              out[outStart + i * 3 + s] = Math.round(b + (t - b) * w);
            }
          }
        }
      }
    }
    return [out];
  });
}

/**
 * A 4-channel uint16 fluorescence pyramid (DAPI nuclei, FITC membranes, Cy3 cytoplasm, Cy5 spots) with
 * channel names and colours in the OME-XML, lossless deflate tiles, one IFD per channel.
 */
export async function generateFluorescenceSlide(
  path: string,
  options: SyntheticSlideOptions,
): Promise<GeneratedSlide> {
  const o = resolve(options);
  if (o.layout !== 'subifd')
    throw new RangeError('Fluorescence slides use the OME SubIFD layout (one IFD per channel)');
  const textures = createFluorescenceTextures(o.seed);
  return writeSlide(path, o, 'fluorescence', (gx0, gy0, tileSize) => {
    const { weights, across } = maskGrid(gx0, gy0, tileSize, o);
    const planes = FLUORESCENCE_CHANNELS.map(() => new Uint16Array(tileSize * tileSize));
    for (let y = 0; y < tileSize; y++) {
      const by = Math.floor(y / BLOCK);
      const fy = (y % BLOCK) / BLOCK;
      const textureRow = ((gy0 + y) % PERIOD) * PERIOD;
      for (let x = 0; x < tileSize; x++) {
        const bx = Math.floor(x / BLOCK);
        const fx = (x % BLOCK) / BLOCK;
        const top =
          weights[by * across + bx]! + (weights[by * across + bx + 1]! - weights[by * across + bx]!) * fx;
        const bottom =
          weights[(by + 1) * across + bx]! +
          (weights[(by + 1) * across + bx + 1]! - weights[(by + 1) * across + bx]!) * fx;
        const w = top + (bottom - top) * fy;
        const t = textureRow + ((gx0 + x) % PERIOD);
        for (let c = 0; c < planes.length; c++) {
          planes[c]![y * tileSize + x] = Math.min(
            65535,
            Math.round(textures.background[c]![t]! + w * textures.signal[c]![t]!),
          );
        }
      }
    }
    return planes;
  });
}

type Resolved = Required<Omit<SyntheticSlideOptions, 'onProgress'>> &
  Pick<SyntheticSlideOptions, 'onProgress'>;

function resolve(options: SyntheticSlideOptions): Resolved {
  const resolved: Resolved = {
    width: options.width,
    height: options.height,
    seed: options.seed ?? 1,
    tileSize: options.tileSize ?? 256,
    mpp: options.mpp ?? 0.25,
    magnification: options.magnification ?? 40,
    layout: options.layout ?? 'subifd',
    onProgress: options.onProgress,
  };
  if (![128, 256, 512].includes(resolved.tileSize)) throw new RangeError('Tile size must be 128, 256 or 512');
  if (!Number.isInteger(resolved.seed)) throw new RangeError('Seed must be an integer');
  if (!(resolved.mpp > 0)) throw new RangeError('mpp must be positive');
  return resolved;
}

/** Tissue weights at every BLOCK-th pixel of a tile, corners included ((tileSize/BLOCK + 1)² values). */
function maskGrid(
  gx0: number,
  gy0: number,
  tileSize: number,
  shape: TissueShape,
): { weights: Float64Array; across: number } {
  const across = tileSize / BLOCK + 1;
  const weights = new Float64Array(across * across);
  for (let j = 0; j < across; j++) {
    for (let i = 0; i < across; i++)
      weights[j * across + i] = tissueWeight(gx0 + i * BLOCK, gy0 + j * BLOCK, shape);
  }
  return { weights, across };
}

async function writeSlide(
  path: string,
  o: Resolved,
  kind: 'brightfield' | 'fluorescence',
  makeTile: (gx0: number, gy0: number, tileSize: number) => Uint8Array[] | Uint16Array[],
): Promise<GeneratedSlide> {
  const started = performance.now();
  const isBrightfield = kind === 'brightfield';
  // The UUID comes from the inputs, so a rerun writes byte-identical files (slides are content-addressed).
  const uuid = uuidFrom(JSON.stringify({ kind, ...o, onProgress: undefined }));
  const writer = await PyramidWriter.create(path, {
    width: o.width,
    height: o.height,
    tileSize: o.tileSize,
    sampleType: isBrightfield ? 'uint8' : 'uint16',
    samplesPerPixel: isBrightfield ? 3 : 1,
    channels: isBrightfield ? [{ name: 'Brightfield' }] : FLUORESCENCE_CHANNELS,
    compression: isBrightfield ? 'jpeg' : 'deflate',
    layout: o.layout,
    metersPerPixel: { x: o.mpp * 1e-6, y: o.mpp * 1e-6 },
    magnification: o.magnification,
    name: `Synthetic ${kind} (seed ${o.seed})`,
    uuid,
  });
  try {
    const level0 = writer.levels[0]!;
    for (let y = 0; y < level0.tilesDown; y++) {
      for (let x = 0; x < level0.tilesAcross; x++) {
        await writer.writeTile(x, y, makeTile(x * o.tileSize, y * o.tileSize, o.tileSize));
      }
      o.onProgress?.(y + 1, level0.tilesDown);
    }
    await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return {
    path,
    levels: writer.levels.map((l) => ({ width: l.width, height: l.height })),
    seconds: (performance.now() - started) / 1000,
  };
}

function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
