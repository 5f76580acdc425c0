import { Compression, FieldType, Photometric, Tag } from '../tiff/constants.ts';
import type { PlannedLevel } from './plan.ts';
import type { DirectoryToWrite, TagToWrite } from './tiff-directory.ts';

const YCbCrSubSampling = 530;
const ReferenceBlackWhite = 532;

export interface DirectoryPlan {
  levels: PlannedLevel[];
  layout: 'subifd' | 'chain';
  tileSize: number;
  sampleType: 'uint8' | 'uint16';
  samplesPerPixel: number;
  compression: 'jpeg' | 'deflate';
  channelCount: number;
  /** OME-XML or Aperio text, on the first IFD only. */
  description: string;
  metersPerPixel: { x: number; y: number } | null;
  jpegTables: Buffer | undefined;
  copiedJpeg: readonly { level: number; tables: Buffer | undefined; photometric: number }[];
  /** [level][channel][tile index] */
  offsets: Float64Array[][];
  byteCounts: Float64Array[][];
}

/**
 * The IFD tree of the pyramid. 'subifd': one main-chain IFD per channel (OME plane c = IFD c), each with its
 * reduced levels as SubIFDs. 'chain': level 0 then every reduced level as successive IFDs.
 */
export function buildDirectories(plan: DirectoryPlan): DirectoryToWrite[] {
  const directoryOf = (level: number, channel: number): DirectoryToWrite => ({
    tags: levelTags(plan, level, channel),
    subDirectories: [],
  });
  if (plan.layout === 'chain') return plan.levels.map((_, level) => directoryOf(level, 0));
  return Array.from({ length: plan.channelCount }, (_, channel) => {
    const main = directoryOf(0, channel);
    main.subDirectories = plan.levels.slice(1).map((_, i) => directoryOf(i + 1, channel));
    return main;
  });
}

function levelTags(plan: DirectoryPlan, level: number, channel: number): TagToWrite[] {
  const grid = plan.levels[level]!;
  const spp = plan.samplesPerPixel;
  const bits = plan.sampleType === 'uint16' ? 16 : 8;
  const isJpeg = plan.compression === 'jpeg';
  const copied = plan.copiedJpeg.find((c) => c.level === level);
  const photometric =
    copied?.photometric ??
    (isJpeg ? Photometric.YCbCr : spp === 3 ? Photometric.RGB : Photometric.MinIsBlack);
  const tables = copied ? copied.tables : plan.jpegTables;
  const tags: TagToWrite[] = [
    { tag: Tag.NewSubfileType, type: FieldType.LONG, values: [level === 0 ? 0 : 1] },
    { tag: Tag.ImageWidth, type: FieldType.LONG, values: [grid.width] },
    { tag: Tag.ImageLength, type: FieldType.LONG, values: [grid.height] },
    { tag: Tag.BitsPerSample, type: FieldType.SHORT, values: new Array<number>(spp).fill(bits) },
    {
      tag: Tag.Compression,
      type: FieldType.SHORT,
      values: [isJpeg ? Compression.JPEG : Compression.AdobeDeflate],
    },
    { tag: Tag.Photometric, type: FieldType.SHORT, values: [photometric] },
    { tag: Tag.SamplesPerPixel, type: FieldType.SHORT, values: [spp] },
    { tag: Tag.PlanarConfiguration, type: FieldType.SHORT, values: [1] },
    { tag: Tag.Software, type: FieldType.ASCII, values: 'Tessera' },
    { tag: Tag.TileWidth, type: FieldType.LONG, values: [plan.tileSize] },
    { tag: Tag.TileLength, type: FieldType.LONG, values: [plan.tileSize] },
    { tag: Tag.TileOffsets, type: FieldType.LONG8, values: plan.offsets[level]![channel]! },
    { tag: Tag.TileByteCounts, type: FieldType.LONG8, values: plan.byteCounts[level]![channel]! },
    { tag: Tag.SampleFormat, type: FieldType.SHORT, values: new Array<number>(spp).fill(1) },
  ];
  if (level === 0 && channel === 0)
    tags.push({ tag: Tag.ImageDescription, type: FieldType.ASCII, values: plan.description });
  if (!isJpeg) tags.push({ tag: Tag.Predictor, type: FieldType.SHORT, values: [2] });
  if (isJpeg && tables) tags.push({ tag: Tag.JPEGTables, type: FieldType.UNDEFINED, values: tables });
  if (photometric === Photometric.YCbCr) {
    // Must match the tiles' sampling factors: libtiff checks them against the JPEG stream.
    tags.push({ tag: YCbCrSubSampling, type: FieldType.SHORT, values: [2, 2] });
    tags.push({
      tag: ReferenceBlackWhite,
      type: FieldType.RATIONAL,
      values: [0, 1, 255, 1, 128, 1, 255, 1, 128, 1, 255, 1],
    });
  }
  if (plan.metersPerPixel) {
    // Pixels per centimetre of this level; libvips and OpenSlide show these as the resolution.
    const downsampleX = plan.levels[0]!.width / grid.width;
    const downsampleY = plan.levels[0]!.height / grid.height;
    tags.push({
      tag: Tag.XResolution,
      type: FieldType.RATIONAL,
      values: rational(0.01 / plan.metersPerPixel.x / downsampleX),
    });
    tags.push({
      tag: Tag.YResolution,
      type: FieldType.RATIONAL,
      values: rational(0.01 / plan.metersPerPixel.y / downsampleY),
    });
    tags.push({ tag: Tag.ResolutionUnit, type: FieldType.SHORT, values: [3] });
  }
  return tags;
}

/** A positive number as a RATIONAL with a denominator that keeps 4 decimals and fits 32 bits. */
function rational(value: number): number[] {
  let denominator = 10000;
  while (denominator > 1 && value * denominator > 0xffffffff) denominator /= 10;
  return [Math.min(0xffffffff, Math.round(value * denominator)), denominator];
}
