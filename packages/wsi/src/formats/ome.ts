import { WsiError } from '../errors.ts';
import { Photometric, Tag } from '../tiff/constants.ts';
import type { TiffImage } from '../tiff/image.ts';
import { channel, iccSize, isColorImage, levelOf } from './common.ts';
import {
  DEFAULT_MAGNIFICATION,
  type PlaneRef,
  type RgbColor,
  type SlideChannel,
  type SlideLayout,
} from './model.ts';
import { childrenNamed, findFirst, parseXml, type XmlElement } from './xml.ts';

/** OME-TIFF: the first IFD's ImageDescription is an OME-XML document. */
export function isOmeTiff(images: TiffImage[]): boolean {
  const description = images[0]?.description ?? '';
  return description.includes('<OME') || description.includes(':OME');
}

/**
 * Layout of an OME-TIFF: the first Image of the OME-XML is the slide. Its TiffData elements map each
 * (C, Z, T) plane to an IFD of the main chain; a plane's SubIFDs are its lower-resolution levels
 * (OME-TIFF pyramid convention). Only T = 0 is served: a slide has no time axis.
 */
export async function omeLayout(images: TiffImage[]): Promise<SlideLayout> {
  const ome = parseXml(images[0]!.description);
  const imageElement = childrenNamed(ome, 'Image')[0];
  const pixels = imageElement ? childrenNamed(imageElement, 'Pixels')[0] : undefined;
  if (!pixels) throw new WsiError('corrupt', 'OME-XML has no Image/Pixels element');
  const sizeZ = positiveInt(pixels.attributes['SizeZ'], 1);
  const sizeT = positiveInt(pixels.attributes['SizeT'], 1);
  const channelElements = childrenNamed(pixels, 'Channel');
  const sizeC =
    channelElements.length > 0 ? channelElements.length : positiveInt(pixels.attributes['SizeC'], 1);
  const order = pixels.attributes['DimensionOrder'] ?? 'XYZCT';
  if (sizeC * sizeZ > images.length) {
    throw new WsiError(
      'corrupt',
      `OME-XML describes ${sizeC * sizeZ} planes but the file has ${images.length} IFDs`,
    );
  }
  const ifdOfPlane = mapPlanesToIfds(
    pixels,
    order,
    { C: sizeC, Z: sizeZ, T: sizeT },
    images.length,
    ome.attributes['UUID'],
  );
  const planesAt0: TiffImage[] = [];
  for (let z = 0; z < sizeZ; z++) {
    for (let c = 0; c < sizeC; c++) {
      const ifd = ifdOfPlane.get(planeIndex(order, { C: sizeC, Z: sizeZ, T: sizeT }, { C: c, Z: z, T: 0 }));
      const image = ifd === undefined ? undefined : images[ifd];
      if (!image)
        throw new WsiError(
          'unsupported',
          `OME plane C=${c} Z=${z} is not in this file (multi-file OME-TIFF)`,
        );
      planesAt0.push(image);
    }
  }
  const level0 = planesAt0[0]!;
  const levelCount = countSubIfdLevels(planesAt0, level0);
  const levelPlanes: PlaneRef[][] = [];
  for (let level = 0; level < levelCount; level++) {
    levelPlanes.push(
      planesAt0.map((image) => ({ image: level === 0 ? image : image.subImages[level - 1]!, plane: 0 })),
    );
  }
  const channels =
    channelElements.length > 0
      ? channelElements.map((element, index) => omeChannel(element, index, level0))
      : Array.from({ length: sizeC }, (_, index) =>
          channel(`Channel ${index + 1}`, level0, level0.samplesPerPixel),
        );
  // Bio-Formats writes ImageJ-style palette IFDs without an OME Color: the palette's brightest entry is the
  // colour the channel is displayed in (what ImageJ and libvips show).
  for (let c = 0; c < channels.length; c++) {
    if (channels[c]!.color === null && c < planesAt0.length)
      channels[c]!.color = await paletteColor(planesAt0[c]!);
  }
  const magnification = Number(findFirst(ome, 'Objective')?.attributes['NominalMagnification']);
  const hasMagnification = Number.isFinite(magnification) && magnification > 0;
  const levels = levelPlanes.map((planes) => levelOf(planes[0]!.image, level0));
  return {
    info: {
      format: 'ome-tiff',
      width: level0.width,
      height: level0.height,
      levels,
      channels,
      sizeZ,
      metersPerPixel: physicalSize(pixels),
      magnification: hasMagnification ? magnification : DEFAULT_MAGNIFICATION,
      isMagnificationKnown: hasMagnification,
      kind: sizeC === 1 && isColorImage(level0) ? 'brightfield' : 'fluorescence',
      associatedImages: [],
      iccProfileSize: iccSize(level0),
      properties: {},
    },
    levels: levelPlanes.map((planes, index) => ({ level: levels[index]!, planes })),
    associated: new Map(),
    iccImage: level0,
  };
}

type Dims = { C: number; Z: number; T: number };

/** Linear plane index in DimensionOrder: the letter right after XY varies fastest. */
function planeIndex(order: string, sizes: Dims, at: Dims): number {
  const axes = order.toUpperCase().replace(/[XY]/g, '').split('') as (keyof Dims)[];
  if (axes.length !== 3 || new Set(axes).size !== 3 || axes.some((a) => !(a in sizes))) {
    throw new WsiError('corrupt', `OME DimensionOrder ${order} is not valid`);
  }
  let index = 0;
  for (let i = axes.length - 1; i >= 0; i--) index = index * sizes[axes[i]!] + at[axes[i]!];
  return index;
}

/** Reads TiffData: IFD, PlaneCount and FirstC/Z/T; without TiffData, planes are IFDs 0, 1, 2, … in order. */
function mapPlanesToIfds(
  pixels: XmlElement,
  order: string,
  sizes: Dims,
  ifdCount: number,
  fileUuid: string | undefined,
): Map<number, number> {
  const total = sizes.C * sizes.Z * sizes.T;
  const map = new Map<number, number>();
  const tiffData = childrenNamed(pixels, 'TiffData');
  if (tiffData.length === 0) {
    for (let p = 0; p < Math.min(total, ifdCount); p++) map.set(p, p);
    return map;
  }
  for (const element of tiffData) {
    const a = element.attributes;
    // TiffData of another file of a multi-file set (its UUID is not this file's) is skipped;
    // planes that are then missing are reported by the caller.
    const uuid = childrenNamed(element, 'UUID')[0]?.text.trim();
    if (uuid && fileUuid && uuid !== fileUuid) continue;
    const ifd = nonNegativeInt(a['IFD'], 0);
    const start = planeIndex(order, sizes, {
      C: nonNegativeInt(a['FirstC'], 0) % sizes.C,
      Z: nonNegativeInt(a['FirstZ'], 0) % sizes.Z,
      T: nonNegativeInt(a['FirstT'], 0) % sizes.T,
    });
    const count =
      a['PlaneCount'] !== undefined ? nonNegativeInt(a['PlaneCount'], 1) : a['IFD'] !== undefined ? 1 : total;
    for (let k = 0; k < count && start + k < total && ifd + k < ifdCount; k++) map.set(start + k, ifd + k);
  }
  return map;
}

/** Levels present for every plane: level 0 plus the SubIFDs, while each is strictly smaller. */
function countSubIfdLevels(planes: TiffImage[], level0: TiffImage): number {
  let count = 1;
  for (;;) {
    const candidates = planes.map((p) => p.subImages[count - 1]);
    const first = candidates[0];
    const previous = count === 1 ? level0 : level0.subImages[count - 2]!;
    if (!first || candidates.some((c) => !c || c.width !== first.width) || first.width >= previous.width)
      return count;
    count++;
  }
}

function omeChannel(element: XmlElement, index: number, image: TiffImage): SlideChannel {
  const a = element.attributes;
  const samplesPerPixel = positiveInt(a['SamplesPerPixel'], image.samplesPerPixel);
  return channel(a['Name'] || a['Fluor'] || `Channel ${index + 1}`, image, samplesPerPixel, {
    color: omeColor(a['Color']),
  });
}

/**
 * OME Color is a signed 32-bit integer packing R, G, B, A from the most significant byte down
 * (ome.xsd: "constructed from RGBA values"); -1 is opaque white.
 */
export function omeColor(value: string | undefined): RgbColor | null {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) return null;
  const n = Number(value) >>> 0;
  return { r: (n >>> 24) & 0xff, g: (n >>> 16) & 0xff, b: (n >>> 8) & 0xff };
}

async function paletteColor(image: TiffImage): Promise<RgbColor | null> {
  if (image.photometric !== Photometric.Palette || image.bitsPerSample !== 8) return null;
  const map = await image.ifd.numbers(Tag.ColorMap);
  if (!map || map.length !== 3 * 256) return null;
  return { r: map[255]! >> 8, g: map[511]! >> 8, b: map[767]! >> 8 };
}

const UNIT_METERS: Record<string, number> = {
  m: 1,
  cm: 1e-2,
  mm: 1e-3,
  µm: 1e-6,
  μm: 1e-6,
  um: 1e-6,
  nm: 1e-9,
  pm: 1e-12,
  Å: 1e-10,
  in: 0.0254,
};

function physicalSize(pixels: XmlElement): { x: number; y: number } | null {
  const a = pixels.attributes;
  const x = toMeters(a['PhysicalSizeX'], a['PhysicalSizeXUnit']);
  const y = toMeters(a['PhysicalSizeY'], a['PhysicalSizeYUnit']) ?? x;
  return x !== null && y !== null ? { x, y } : null;
}

function toMeters(value: string | undefined, unit: string | undefined): number | null {
  const n = Number(value);
  const scale = UNIT_METERS[unit ?? 'µm'];
  return value !== undefined && Number.isFinite(n) && n > 0 && scale !== undefined ? n * scale : null;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : fallback;
}

function nonNegativeInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : fallback;
}
