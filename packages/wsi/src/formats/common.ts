import { Photometric, Tag } from '../tiff/constants.ts';
import { describeCompression } from '../tiff/decompress.ts';
import type { TiffImage } from '../tiff/image.ts';
import { fieldTypeSize } from '../tiff/values.ts';
import type {
  AssociatedImageInfo,
  AssociatedImageKind,
  PlaneRef,
  SlideChannel,
  SlideLevel,
} from './model.ts';

export function isColorImage(image: TiffImage): boolean {
  return (
    (image.photometric === Photometric.RGB || image.photometric === Photometric.YCbCr) &&
    image.samplesPerPixel >= 3
  );
}

export function levelOf(image: TiffImage, level0: TiffImage): SlideLevel {
  return {
    width: image.width,
    height: image.height,
    tileWidth: image.tileWidth,
    tileHeight: image.tileHeight,
    downsample: (level0.width / image.width + level0.height / image.height) / 2,
    isTiled: image.isTiled,
    compression: describeCompression(image.compression),
  };
}

export function associatedOf(kind: AssociatedImageKind, image: TiffImage): AssociatedImageInfo {
  return {
    kind,
    width: image.width,
    height: image.height,
    compression: describeCompression(image.compression),
  };
}

export function channel(
  name: string,
  image: TiffImage,
  samplesPerPixel: number,
  extra: Partial<SlideChannel> = {},
): SlideChannel {
  return {
    name,
    color: null,
    sampleType: image.sampleType,
    samplesPerPixel,
    biomarker: null,
    filter: null,
    ...extra,
  };
}

const PLANAR_RGB_NAMES = ['Red', 'Green', 'Blue'];
const PLANAR_RGB_COLORS = [
  { r: 255, g: 0, b: 0 },
  { r: 0, g: 255, b: 0 },
  { r: 0, g: 0, b: 255 },
];

/**
 * The channels of a single IFD without vendor metadata. Chunky colour images are one RGB channel (the
 * brightfield case); planar images (PlanarConfiguration 2) are one channel per stored plane, because each
 * plane is read on its own; other chunky images are one channel of all their samples.
 */
export function channelsOfImage(image: TiffImage): { channels: SlideChannel[]; planes: PlaneRef[] } {
  if (image.planarConfiguration === 2) {
    const channels: SlideChannel[] = [];
    const planes: PlaneRef[] = [];
    for (let p = 0; p < image.samplesPerPixel; p++) {
      const rgb = isColorImage(image) && p < 3;
      channels.push(
        channel(rgb ? PLANAR_RGB_NAMES[p]! : `Channel ${p + 1}`, image, 1, {
          color: rgb ? PLANAR_RGB_COLORS[p]! : null,
        }),
      );
      planes.push({ image, plane: p });
    }
    return { channels, planes };
  }
  const name = isColorImage(image) ? 'RGB' : image.samplesPerPixel === 1 ? 'Grey' : 'Channel 1';
  return { channels: [channel(name, image, image.samplesPerPixel)], planes: [{ image, plane: 0 }] };
}

/** Metres per pixel from XResolution/YResolution when ResolutionUnit is inch (2) or centimetre (3). */
export async function resolutionMeters(image: TiffImage): Promise<{ x: number; y: number } | null> {
  const unit = await image.ifd.number(Tag.ResolutionUnit, 2);
  const metresPerUnit = unit === 2 ? 0.0254 : unit === 3 ? 0.01 : 0;
  if (metresPerUnit === 0) return null;
  const x = await image.ifd.number(Tag.XResolution, 0);
  const y = await image.ifd.number(Tag.YResolution, x);
  if (!(x > 0) || !(y > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  return { x: metresPerUnit / x, y: metresPerUnit / y };
}

/** Images after `level0` that continue a pyramid: same tiling, samples and encoding, strictly smaller. */
export function pyramidAfter(level0: TiffImage, candidates: TiffImage[]): TiffImage[] {
  const levels = [level0];
  for (const image of candidates) {
    const last = levels[levels.length - 1]!;
    const continues =
      image.isTiled === level0.isTiled &&
      image.samplesPerPixel === level0.samplesPerPixel &&
      image.photometric === level0.photometric &&
      image.planarConfiguration === level0.planarConfiguration &&
      image.width < last.width &&
      image.height <= last.height;
    if (!continues) break;
    levels.push(image);
  }
  return levels;
}

export function iccSize(image: TiffImage): number | null {
  const entry = image.ifd.entry(Tag.IccProfile);
  return entry ? entry.count * fieldTypeSize(entry.type) : null;
}
