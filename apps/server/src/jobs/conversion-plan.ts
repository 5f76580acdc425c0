/**
 * How convert-image makes an image's optimized pyramid, decided from what its slide can do (wsi Slide
 * capabilities), never from which reader opened it:
 * - brightfield whose level 0 is stored as square JPEG tiles in a TIFF (SVS, generic pyramids): the
 *   level-0 tiles are COPIED byte for byte with the file's JPEGTables, same tile size;
 * - other brightfield TIFFs that libvips decodes (LZW, deflate or uncompressed tiles, strips): decoded and
 *   re-encoded as JPEG by libvips in strips (LibvipsLevels.startStrip), every level;
 * - other brightfield (OpenSlide formats, JPEG 2000, DICOM): decoded and re-encoded as JPEG tile by tile;
 * - fluorescence: each channel lossless (deflate), in its own sample type (uint8 or uint16).
 */
import path from 'node:path';
import {
  channelSamples,
  Level0Grid,
  planLevels,
  rgbSamples,
  WsiError,
  type LibvipsLevelsSource,
  type PlannedLevel,
  type PyramidWriterOptions,
  type Samples,
  type Slide,
} from '@tessera/wsi';

/** How the output is made: tile by tile from decoded level-0 planes (the writer reduces them), or by copying. */
export type Level0Source =
  | {
      mode: 'decode-encode' | 'lossless-channels';
      options: PyramidWriterOptions;
      read(x: number, y: number): Promise<Samples[]>;
    }
  | {
      mode: 'jpeg-copy';
      options: PyramidWriterOptions;
      slide: Slide;
      /** Per planned level, the slide level whose stored tiles are copied; null for levels libvips makes. */
      stored: (number | null)[];
      levels: LibvipsLevelsSource;
    }
  /** Every level made by libvips in strips straight from the file (LibvipsLevels.startStrip). */
  | { mode: 'libvips-encode'; options: PyramidWriterOptions; levels: LibvipsLevelsSource };

/** Output tile size of the paths that decode (the copy keeps the file's own). */
const T = 256;

/**
 * Level-0 storage libvips decodes itself (libtiff), so a TIFF stored so is re-encoded by libvips in
 * blocks rather than tile by tile: JPEG 2000 (Aperio) goes through OpenSlide, which libvips here lacks.
 */
const LIBVIPS_DECODES: ReadonlySet<string> = new Set(['none', 'lzw', 'deflate', 'packbits', 'jpeg', 'zstd']);

export async function level0Source(slide: Slide, firstPath: string, checksum: string): Promise<Level0Source> {
  const info = slide.info;
  const common = {
    width: info.width,
    height: info.height,
    metersPerPixel: info.metersPerPixel,
    magnification: info.isMagnificationKnown ? info.magnification : null,
    name: path.basename(firstPath),
    // Derived from the content, so a rerun writes the same bytes.
    uuid: `${checksum.slice(0, 8)}-${checksum.slice(8, 12)}-${checksum.slice(12, 16)}-${checksum.slice(16, 20)}-${checksum.slice(20, 32)}`,
  };
  const options: PyramidWriterOptions = {
    ...common,
    sampleType: 'uint8',
    samplesPerPixel: 3,
    channels: [{ name: 'Brightfield' }],
    compression: 'jpeg',
  };
  // A reader that decodes regions itself (OpenSlide) is read in output tiles directly.
  if (slide.capabilities.regions)
    return {
      mode: 'decode-encode',
      options: { ...options, tileSize: T },
      read: async (x, y) => [await slide.readRgbRegion(0, x * T, y * T, T, T)],
    };
  if (info.kind === 'fluorescence') return losslessChannels(slide, common);
  const level0 = info.levels[0]!;
  const isCopyable =
    slide.capabilities.tiffPages &&
    level0.compression === 'jpeg' &&
    level0.isTiled &&
    level0.tileWidth === level0.tileHeight &&
    level0.tileWidth % 16 === 0;
  if (isCopyable) return jpegCopy(slide, firstPath, options);
  const isLibvipsReadable =
    slide.capabilities.tiffPages &&
    LIBVIPS_DECODES.has(level0.compression) &&
    info.channels.every((c) => c.sampleType === 'uint8');
  const page = isLibvipsReadable ? (await slide.tiffPage(0)).page : null;
  if (page !== null)
    return {
      mode: 'libvips-encode',
      options: { ...options, tileSize: T },
      levels: { file: firstPath, page },
    };
  const grid = new Level0Grid(slide, T, rgbSamples);
  return {
    mode: 'decode-encode',
    options: { ...options, tileSize: T },
    read: async (x, y) => [await grid.tile(x, y, 0, 'uint8')],
  };
}

type Common = Pick<
  PyramidWriterOptions,
  'width' | 'height' | 'metersPerPixel' | 'magnification' | 'name' | 'uuid'
>;

/** Fluorescence: every channel lossless in its own sample type, which must be one for all. */
function losslessChannels(slide: Slide, common: Common): Level0Source {
  const info = slide.info;
  const level0 = info.levels[0]!;
  const sampleType = info.channels[0]?.sampleType;
  if (sampleType !== 'uint8' && sampleType !== 'uint16') {
    throw new WsiError(
      'unsupported',
      `Channels of sample type ${sampleType ?? 'unknown'} cannot be optimized yet (uint8 and uint16 can)`,
    );
  }
  if (info.channels.some((c) => c.sampleType !== sampleType || c.samplesPerPixel !== 1)) {
    throw new WsiError('unsupported', 'Channels of different sample types cannot be optimized together');
  }
  if (level0.compression === 'jpeg' || level0.compression === 'jpeg2000') {
    throw new WsiError(
      'unsupported',
      `Fluorescence channels stored as ${level0.compression} cannot be optimized losslessly`,
    );
  }
  const grid = new Level0Grid(slide, T, (tile) => channelSamples(tile, sampleType));
  return {
    mode: 'lossless-channels',
    options: {
      ...common,
      tileSize: T,
      sampleType,
      samplesPerPixel: 1,
      channels: info.channels.map((c) => ({ name: c.name, color: c.color })),
      compression: 'deflate',
    },
    read: (x, y) => Promise.all(info.channels.map((_, c) => grid.tile(x, y, c, sampleType))),
  };
}

/**
 * Copies every level when the file stores them all (libvips and our own pyramids); otherwise level 0
 * only, and libvips makes the rest from it (a file's 4× levels are not the 2× chain we need).
 */
async function jpegCopy(
  slide: Slide,
  firstPath: string,
  options: PyramidWriterOptions,
): Promise<Level0Source> {
  const size = slide.info.levels[0]!.tileWidth;
  const planned = planLevels(slide.info.width, slide.info.height, size);
  const found = await findStoredJpegLevels(slide, planned, size);
  const stored = found.every((f) => f !== null)
    ? found.map((f) => f.level)
    : [found[0]!.level, ...planned.slice(1).map(() => null)];
  const copiedJpeg = found.flatMap((f, level) =>
    f && stored[level] !== null ? [{ level, tables: f.tables, photometric: f.photometric }] : [],
  );
  return {
    mode: 'jpeg-copy',
    options: { ...options, tileSize: size, copiedJpeg },
    slide,
    stored,
    levels: { file: firstPath, page: found[0]!.page! },
  };
}

/**
 * For each planned level, the slide level storing exactly it as square JPEG tiles of `size`, with its
 * JPEGTables, Photometric and (level 0) its page in the main IFD chain; null where the file has none.
 */
async function findStoredJpegLevels(slide: Slide, planned: PlannedLevel[], size: number) {
  const found = [];
  for (const level of planned) {
    const index = slide.info.levels.findIndex((l) => l.width === level.width && l.height === level.height);
    const page = index < 0 ? null : await slide.tiffPage(index);
    const isCopyable = page?.isJpeg && page.tileWidth === size && page.tileHeight === size;
    found.push(
      page && isCopyable
        ? { level: index, tables: page.jpegTables, photometric: page.photometric, page: page.page }
        : null,
    );
  }
  // libvips reads level 0 as a page of the main chain: a level 0 kept in a SubIFD cannot be its source.
  if (found[0]?.page == null)
    throw new WsiError('corrupt', 'The level-0 image directory is not in the file’s main IFD chain');
  return found;
}
