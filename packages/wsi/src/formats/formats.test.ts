import { afterAll, describe, expect, it } from 'vitest';
import { TiffSlide } from '../slide.ts';
import { slidePath } from '../../test/slides.ts';

/*
 * Reference values come from real tools (Debian 12: openslide-tools 3.4.1, libvips-tools 8.14.1,
 * libtiff-tools 4.5.0), run on the files in /work/shared/testdata/slides:
 *   openslide-show-properties FILE   → levels, tile sizes, downsamples, mpp, objective power
 *   vipsheader -a FILE               → size, bands, format, xres (px/mm), n-pages
 *   tiffinfo FILE / tiffinfo -s FILE → per-IFD size, tiling, compression, photometric, tile offsets
 */
const opened: TiffSlide[] = [];
async function open(name: string): Promise<TiffSlide> {
  const slide = await TiffSlide.open(slidePath(name));
  opened.push(slide);
  return slide;
}
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

describe('Aperio SVS', () => {
  it('CMU-1-Small-Region.svs: one JPEG level, mpp, 20×, thumbnail/label/macro', async () => {
    const { info } = await open('CMU-1-Small-Region.svs');
    expect(info.format).toBe('aperio-svs');
    // openslide-show-properties: level-count 1, level[0] 2220×2967, tile 240×240
    expect(info.levels).toEqual([
      {
        width: 2220,
        height: 2967,
        tileWidth: 240,
        tileHeight: 240,
        downsample: 1,
        isTiled: true,
        compression: 'jpeg',
      },
    ]);
    // openslide-show-properties: openslide.mpp-x/y '0.499', objective-power '20'
    expect(info.metersPerPixel).toEqual({ x: 0.499e-6, y: 0.499e-6 });
    expect(info.magnification).toBe(20);
    expect(info.isMagnificationKnown).toBe(true);
    expect(info.kind).toBe('brightfield');
    expect(info.channels).toEqual([
      { name: 'RGB', color: null, sampleType: 'uint8', samplesPerPixel: 3, biomarker: null, filter: null },
    ]);
    // vipsheader: slide-associated-images label, macro, thumbnail; sizes from tiffinfo (IFD 1, 2, 3)
    expect(info.associatedImages).toEqual([
      { kind: 'thumbnail', width: 574, height: 768, compression: 'jpeg' },
      { kind: 'label', width: 387, height: 463, compression: 'lzw' },
      { kind: 'macro', width: 1280, height: 431, compression: 'jpeg' },
    ]);
    expect(info.iccProfileSize).toBeNull();
    expect(info.properties['AppMag']).toBe('20');
    expect(info.properties['ScanScope ID']).toBe('CPAPERIOCS');
  });

  it('tcga-cr-7395-01a-01-ts1.svs: JPEG 2000 levels, no mpp, default magnification, ICC profile', async () => {
    const slide = await open('tcga-cr-7395-01a-01-ts1.svs');
    const { info } = slide;
    expect(info.format).toBe('aperio-svs');
    // openslide-show-properties: 2 levels 4443×3567 and 2221×1783, tiles 256×256, downsample 2.0005055500659967
    expect(info.levels).toEqual([
      {
        width: 4443,
        height: 3567,
        tileWidth: 256,
        tileHeight: 256,
        downsample: 1,
        isTiled: true,
        compression: 'jpeg2000',
      },
      {
        width: 2221,
        height: 1783,
        tileWidth: 256,
        tileHeight: 256,
        downsample: 2.0005055500659967,
        isTiled: true,
        compression: 'jpeg2000',
      },
    ]);
    // openslide-show-properties lists no openslide.mpp-* and no objective-power for this file
    expect(info.metersPerPixel).toBeNull();
    expect(info.magnification).toBe(20);
    expect(info.isMagnificationKnown).toBe(false);
    expect(info.associatedImages).toEqual([
      { kind: 'thumbnail', width: 956, height: 768, compression: 'jpeg' },
    ]);
    // tiffinfo: "ICC Profile: <present>, 3144 bytes"
    expect(info.iccProfileSize).toBe(3144);
    const icc = await slide.readIccProfile();
    expect(icc?.length).toBe(3144);
    expect(icc?.toString('latin1', 36, 40)).toBe('acsp'); // ICC signature at byte 36
  });
});

describe('generic and plain TIFF', () => {
  it('boxes.tiff: 4-level deflate pyramid', async () => {
    const { info } = await open('boxes.tiff');
    expect(info.format).toBe('generic-tiff');
    // openslide-show-properties (vendor generic-tiff): sizes and downsamples of the 4 levels, tiles 64×64
    expect(info.levels.map((l) => [l.width, l.height, l.tileWidth, l.tileHeight, l.downsample])).toEqual([
      [300, 250, 64, 64, 1],
      [150, 125, 64, 64, 2],
      [75, 62, 64, 64, 4.016129032258064],
      [37, 31, 64, 64, 8.086312118570184],
    ]);
    expect(info.levels.every((l) => l.compression === 'deflate')).toBe(true);
    // vipsheader: xres 2.83465 px/mm (printed to 6 digits), resolution-unit cm → 1/2834.65 m
    expect(info.metersPerPixel!.x * 2834.65).toBeCloseTo(1, 5);
    // vipsheader: icc-profile-data 588 bytes
    expect(info.iccProfileSize).toBe(588);
    expect(info.magnification).toBe(20);
    expect(info.kind).toBe('brightfield');
  });

  it('kidney-48-5.tif: stripped RGB as one level', async () => {
    const { info } = await open('kidney-48-5.tif');
    // vipsheader: 1493×901 uchar, 3 bands; tiffinfo: one strip of 901 rows, no compression
    expect(info.format).toBe('plain-tiff');
    expect(info.levels).toEqual([
      {
        width: 1493,
        height: 901,
        tileWidth: 1493,
        tileHeight: 901,
        downsample: 1,
        isTiled: false,
        compression: 'none',
      },
    ]);
    expect(info.channels[0]).toMatchObject({ name: 'RGB', sampleType: 'uint8', samplesPerPixel: 3 });
    expect(info.metersPerPixel).toBeNull(); // vipsheader xres 1 = no resolution tags
  });

  it('cells-gray16.tif: uint16 grey, unitless resolution → no mpp', async () => {
    const { info } = await open('cells-gray16.tif');
    // vipsheader: 93×131 ushort, 1 band, grey16; tiffinfo: "Resolution: 4, 4 (unitless)"
    expect(info.levels).toEqual([
      {
        width: 93,
        height: 131,
        tileWidth: 93,
        tileHeight: 131,
        downsample: 1,
        isTiled: false,
        compression: 'none',
      },
    ]);
    expect(info.channels).toEqual([
      { name: 'Grey', color: null, sampleType: 'uint16', samplesPerPixel: 1, biomarker: null, filter: null },
    ]);
    expect(info.metersPerPixel).toBeNull();
    expect(info.kind).toBe('fluorescence');
  });

  it('smalltif.tif: uint16 LZW strips, RGB thumbnail as second IFD', async () => {
    const { info } = await open('smalltif.tif');
    // vipsheader: 640×480 ushort, n-pages 2, xres 3.77953 px/mm (96 dpi); tiffinfo: LZW, 9 rows per strip; IFD 1 160×120 RGB
    expect(info.levels).toEqual([
      {
        width: 640,
        height: 480,
        tileWidth: 640,
        tileHeight: 9,
        downsample: 1,
        isTiled: false,
        compression: 'lzw',
      },
    ]);
    expect(info.channels[0]!.sampleType).toBe('uint16');
    expect(info.metersPerPixel!.x).toBeCloseTo(0.0254 / 96, 12);
    expect(info.associatedImages).toEqual([
      { kind: 'thumbnail', width: 160, height: 120, compression: 'none' },
    ]);
  });
});

describe('OME-TIFF', () => {
  it('cells-2c.ome.tif: 2 uint8 channels, 0.25 µm, palette colours', async () => {
    const { info } = await open('cells-2c.ome.tif');
    // OME-XML (tiffinfo ImageDescription): SizeC 2, PhysicalSizeX/Y 0.25 µm, Type uint8; vipsheader 93×131, n-pages 2
    expect(info.format).toBe('ome-tiff');
    expect(info.levels).toHaveLength(1);
    expect(info.levels[0]).toMatchObject({ width: 93, height: 131, compression: 'deflate', isTiled: false });
    expect(info.metersPerPixel).toEqual({ x: 0.25e-6, y: 0.25e-6 });
    // tiffinfo -c: ColorMap of IFD 0 ramps green, of IFD 1 blue
    expect(info.channels.map((c) => [c.name, c.color, c.sampleType, c.samplesPerPixel])).toEqual([
      ['Channel 1', { r: 0, g: 255, b: 0 }, 'uint8', 1],
      ['Channel 2', { r: 0, g: 0, b: 255 }, 'uint8', 1],
    ]);
    expect(info.kind).toBe('fluorescence');
  });

  it('multi-channel-z-series.ome.tif: 3 int8 channels × 5 z, big-endian', async () => {
    const { info } = await open('multi-channel-z-series.ome.tif');
    // OME-XML: SizeX 439, SizeY 167, SizeC 3, SizeZ 5, Type int8; vipsheader: 439×167 char, n-pages 15
    expect(info.format).toBe('ome-tiff');
    expect(info.width).toBe(439);
    expect(info.height).toBe(167);
    expect(info.sizeZ).toBe(5);
    expect(info.channels.map((c) => c.sampleType)).toEqual(['int8', 'int8', 'int8']);
    expect(info.metersPerPixel).toBeNull(); // no PhysicalSizeX in the OME-XML
  });
});

describe('qptiff', () => {
  it('small_vectra.qptiff: DAPI/FITC/Cy3 uint8 channels, 10×, associated images', async () => {
    const { info } = await open('small_vectra.qptiff');
    expect(info.format).toBe('qptiff');
    // tiffinfo: IFDs 0–2 1920×1440, 1 sample, uint8, LZW, 16 rows per strip
    expect(info.levels).toEqual([
      {
        width: 1920,
        height: 1440,
        tileWidth: 1920,
        tileHeight: 16,
        downsample: 1,
        isTiled: false,
        compression: 'lzw',
      },
    ]);
    // qptiff XML of IFDs 0–2: <Name>, <Color>, <Responsivity><Filter><Name>
    expect(info.channels).toEqual([
      {
        name: 'DAPI',
        color: { r: 0, g: 0, b: 255 },
        sampleType: 'uint8',
        samplesPerPixel: 1,
        biomarker: null,
        filter: 'DAPI',
      },
      {
        name: 'FITC',
        color: { r: 0, g: 255, b: 0 },
        sampleType: 'uint8',
        samplesPerPixel: 1,
        biomarker: null,
        filter: 'FITC',
      },
      {
        name: 'Cy3',
        color: { r: 255, g: 255, b: 0 },
        sampleType: 'uint8',
        samplesPerPixel: 1,
        biomarker: null,
        filter: 'Cy3',
      },
    ]);
    // vipsheader: xres 2013.96 px/mm; XML <Objective>10x</Objective>
    expect(info.metersPerPixel!.x * 2013.96e3).toBeCloseTo(1, 5);
    expect(info.magnification).toBe(10);
    // tiffinfo: IFD 3 480×360 Thumbnail, IFD 4 201×398 Overview, IFD 5 199×120 Label (ImageType in XML)
    expect(info.associatedImages).toEqual([
      { kind: 'thumbnail', width: 480, height: 360, compression: 'lzw' },
      { kind: 'overview', width: 201, height: 398, compression: 'lzw' },
      { kind: 'label', width: 199, height: 120, compression: 'lzw' },
    ]);
  });
});
