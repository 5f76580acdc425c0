import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { listSegments } from '../jpeg/markers.ts';
import { BufferSource } from '../source/byte-source.ts';
import { slidePath } from '../../test/slides.ts';
import { DicomSlide } from './slide.ts';

/*
 * Reference values come from dcmtk 3.6.7 (Debian 12 `apt-get install dcmtk`), not from this reader:
 *   dcmdump +P 0008,0008 +P 0020,9311 +P 0028,0008 +P 0028,0010 +P 0028,0011 +P 0048,0006 +P 0048,0007
 *           +P 0028,0030 +P 0048,0112 +P 0002,0010 +P 0028,0004 FILE
 *   dcmdump FILE | grep 'pi '            → the fragment item lengths of encapsulated Pixel Data
 *   dcmdump -q +W DIR FILE; sha256sum DIR/*.raw   → the stored bytes of every fragment / native Pixel Data
 * OpenSlide 3.4.1 (Debian 12) reads no DICOM and vips only through ImageMagick, one page per frame.
 */
const BOXES_0 = slidePath('dicom/openslide-boxes/boxes_0.dcm');
const BOXES_1 = slidePath('dicom/openslide-boxes/boxes_1.dcm');
const SM_IMAGE = slidePath('dicom/highdicom-sm/sm_image.dcm');
const PATHML = slidePath('dicom/pathml-small/small_dicom.dcm');

const opened: DicomSlide[] = [];
async function track(slide: Promise<DicomSlide>): Promise<DicomSlide> {
  const s = await slide;
  opened.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function meanColour(
  jpegOrRaw: Buffer | { data: Uint8Array; width: number; height: number },
  crop?: number,
): Promise<number[]> {
  const { data, info } = Buffer.isBuffer(jpegOrRaw)
    ? await sharp(jpegOrRaw).raw().toBuffer({ resolveWithObject: true })
    : { data: jpegOrRaw.data, info: { width: jpegOrRaw.width, height: jpegOrRaw.height, channels: 3 } };
  const w = crop ?? info.width;
  const h = crop ?? info.height;
  const sums = [0, 0, 0];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) sums[c]! += data[(y * info.width + x) * info.channels + c]!;
  return sums.map((s) => s / (w * h));
}

describe('openslide-python boxes_0.dcm + boxes_1.dcm (one series)', () => {
  it('reads the VOLUME instance as the only level and the THUMBNAIL instance as the thumbnail', async () => {
    const slide = await track(DicomSlide.openFiles([BOXES_1, BOXES_0]));
    // boxes_0: ImageType DERIVED\PRIMARY\VOLUME\NONE, TILED_FULL, 1 frame of 64×64 (Rows, Columns),
    // TotalPixelMatrix 16×16, JPEG baseline, RGB, PixelSpacing .000499\.000499 mm, ObjectiveLensPower 20.
    // boxes_1: DERIVED\PRIMARY\THUMBNAIL\RESAMPLED, 16×16, explicit VR little endian, same SeriesInstanceUID.
    // So the series has one pyramid level, not two: the second file is a thumbnail.
    expect(slide.info).toMatchObject({
      format: 'dicom',
      width: 16,
      height: 16,
      levels: [
        {
          width: 16,
          height: 16,
          tileWidth: 64,
          tileHeight: 64,
          downsample: 1,
          isTiled: true,
          compression: 'jpeg',
        },
      ],
      channels: [{ name: 'RGB', samplesPerPixel: 3, sampleType: 'uint8' }],
      sizeZ: 1,
      magnification: 20,
      isMagnificationKnown: true,
      kind: 'brightfield',
      associatedImages: [{ kind: 'thumbnail', width: 16, height: 16, compression: 'none' }],
      iccProfileSize: 456, // dcmdump: (0028,2000) OB … # 456, 1 ICCProfile
    });
    expect(slide.info.metersPerPixel!.x).toBeCloseTo(0.499e-6, 12);
    expect(slide.info.metersPerPixel!.y).toBeCloseTo(0.499e-6, 12);
    expect(slide.info.properties['dicom.ContainerIdentifier']).toBe('SLIDE_1');
    expect(slide.info.properties['dicom.SeriesInstanceUID']).toBe(
      '1.3.6.1.4.1.5962.99.1.1747645553.419656796.1689669825649.4.0',
    );
    expect((await slide.readIccProfile())!.subarray(36, 40).toString('latin1')).toBe('acsp'); // ICC signature
  });

  it('passes the JPEG frame through unchanged: it already has its Adobe APP14 (transform 0)', async () => {
    const slide = await track(DicomSlide.openFiles([BOXES_0, BOXES_1]));
    const raw = await slide.readRawTile(0, 0, 0);
    expect(raw).toMatchObject({
      compression: 'jpeg',
      compressionCode: 7,
      photometric: 2,
      width: 64,
      height: 64,
    });
    // dcmdump +W: boxes_0.dcm.1.raw, 564 bytes (item 0 is the empty Basic Offset Table).
    expect(raw.bytes.length).toBe(564);
    expect(sha256(raw.bytes)).toBe('9b08d4f5d1b4ecb320d099cbaa2fa93b689c24c837aed5c21e72373fda65a298');
    const jpeg = await slide.readJpegTilePassthrough(0, 0, 0);
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpeg.subarray(-2).toString('hex')).toBe('ffd9');
    expect(jpeg.equals(raw.bytes)).toBe(true);
    expect(listSegments(jpeg).filter((s) => s.marker === 0xee)).toHaveLength(1);
  });

  it('the decoded frame has the colours of the uncompressed thumbnail of the same 16×16 region', async () => {
    const slide = await track(DicomSlide.openFiles([BOXES_0, BOXES_1]));
    const jpeg = await slide.readJpegTilePassthrough(0, 0, 0);
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([64, 64, 3]);
    const thumbnail = slide.associatedImage('thumbnail')!;
    const decoded = await thumbnail.decodeTile();
    // dcmdump +W boxes_1.dcm.0.raw: 768 bytes = 16 × 16 × 3.
    expect(sha256(Buffer.from(decoded.data as Uint8Array))).toBe(
      'b4968f50c8ce7abacaea99f5e1333b5f6b98dd8706a2d756faa86bd7ff65e810',
    );
    const fromJpeg = await meanColour(jpeg, 16);
    const fromThumbnail = await meanColour({ data: decoded.data as Uint8Array, width: 16, height: 16 });
    // Thumbnail means (from the raw bytes): 238.46, 233.73, 237.05. Decoding the JPEG as YCbCr instead
    // of RGB would shift them by tens of levels; JPEG loss moves them by less than 1.
    for (let c = 0; c < 3; c++) expect(Math.abs(fromJpeg[c]! - fromThumbnail[c]!)).toBeLessThan(2);
    // The openslide-python DICOM "boxes" are a 16×16 crop of CMU-1 (see ImageComments), not the box pattern
    // of boxes.tiff, so boxes.tiff is no colour reference for them.
  });

  it('a series without a VOLUME instance is refused', async () => {
    await expect(DicomSlide.open(BOXES_1)).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('openDirectory groups the folder into one series; non-DICOM files are skipped', async () => {
    const found = await DicomSlide.openDirectory(slidePath('dicom/openslide-boxes'));
    opened.push(...found.slides.map((s) => s.slide));
    expect(found.failures).toEqual([]);
    expect(found.slides).toHaveLength(1);
    expect(found.slides[0]!.paths).toEqual([BOXES_0, BOXES_1]);
    expect(found.slides[0]!.slide.info.levels).toHaveLength(1);
    const tiffFolder = await DicomSlide.openDirectory(slidePath('.'));
    expect(tiffFolder).toEqual({ slides: [], failures: [] });
  });

  it('files of different series are not mixed into one slide', async () => {
    await expect(DicomSlide.openFiles([BOXES_0, SM_IMAGE])).rejects.toMatchObject({ code: 'unsupported' });
  });
});

describe('highdicom sm_image.dcm (native frames)', () => {
  it('info: 50×50 in 10×10 frames, explicit VR little endian', async () => {
    const slide = await track(DicomSlide.open(SM_IMAGE));
    // dcmdump: ORIGINAL\PRIMARY\VOLUME\NONE, TILED_FULL, NumberOfFrames 25, Rows 10, Columns 10,
    // TotalPixelMatrix 50×50, RGB, PixelSpacing 0.000499\0.000499, no ObjectiveLensPower, ICC 3144 bytes.
    expect(slide.info).toMatchObject({
      width: 50,
      height: 50,
      levels: [{ width: 50, height: 50, tileWidth: 10, tileHeight: 10, compression: 'none' }],
      magnification: 20,
      isMagnificationKnown: false,
      associatedImages: [],
      iccProfileSize: 3144,
    });
    expect(slide.info.metersPerPixel!.x).toBeCloseTo(0.499e-6, 12);
    expect(slide.info.properties['dicom.Manufacturer']).toBe('Test Manufacturer');
    expect(slide.info.properties['dicom.TransferSyntaxUID']).toBe('1.2.840.10008.1.2.1');
  });

  it('frames decode to Rows × Columns × 3 bytes in TILED_FULL order', async () => {
    const slide = await track(DicomSlide.open(SM_IMAGE));
    const first = await slide.decodeTile(0, 0, 0);
    expect(first).toMatchObject({ width: 10, height: 10, samplesPerPixel: 3, sampleType: 'uint8' });
    expect(first.data.length).toBe(300);
    // dcmdump: PixelData starts f3 ×24, then f4.
    expect([...first.data.subarray(0, 25)]).toEqual([...Array(24).fill(0xf3), 0xf4]);
    // Frame 25 (tile 4,4) is bytes 7200..7500 of dcmdump +W sm_image.dcm.0.raw (7500 bytes).
    const last = await slide.readRawTile(0, 4, 4);
    expect(sha256(last.bytes)).toBe('2986c92d73cdff3682e7e55995a9d2aaef44afa60409587262608316d967ce22');
    expect(Buffer.from((await slide.decodeTile(0, 4, 4)).data as Uint8Array).equals(last.bytes)).toBe(true);
    await expect(slide.readJpegTilePassthrough(0, 0, 0)).rejects.toMatchObject({ code: 'not-jpeg' });
  });

  it('out-of-range level, tile, channel and z are WsiError out-of-range', async () => {
    const slide = await track(DicomSlide.open(SM_IMAGE));
    await expect(slide.decodeTile(1, 0, 0)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.decodeTile(0, 5, 0)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.decodeTile(0, 0, -1)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.decodeTile(0, 0, 0, 1)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(slide.decodeTile(0, 0, 0, 0, 1)).rejects.toMatchObject({ code: 'out-of-range' });
  });
});

/** dcmdump FILE | grep 'pi ': item 0 is the Basic Offset Table (168 bytes = 42 entries), then one fragment per frame. */
const PATHML_FRAGMENTS = [
  19332, 44624, 27018, 6018, 8524, 7680, 57416, 65982, 65734, 8988, 6988, 6522, 59020, 71800, 75854, 65872,
  53858, 10486, 52654, 78170, 44816, 11034, 38914, 9510, 33524, 82724, 68172, 64804, 47380, 11244, 14132,
  36144, 66380, 73780, 74592, 13254, 9288, 6172, 10968, 21312, 8380, 6066,
];

describe('pathml small_dicom.dcm (42 JPEG frames with a Basic Offset Table)', () => {
  it('info: one 3236×2638 level of 500×500 tiles, no pixel spacing, no dimension organization given', async () => {
    const slide = await track(DicomSlide.open(PATHML));
    // dcmdump: NumberOfFrames 42, Rows 500, Columns 500, TotalPixelMatrix 3236×2638, RGB, JPEG baseline;
    // no ImageType, no DimensionOrganizationType, no PixelSpacing, no optical path sequence.
    expect(slide.info).toMatchObject({
      width: 3236,
      height: 2638,
      levels: [{ width: 3236, height: 2638, tileWidth: 500, tileHeight: 500, compression: 'jpeg' }],
      metersPerPixel: null,
      magnification: 20,
      isMagnificationKnown: false,
      iccProfileSize: null,
    });
    // 7 × 6 tiles = 42 frames: TILED_FULL is implied.
    expect(slide.info.properties['dicom.DimensionOrganizationType']).toBe('TILED_FULL (implied)');
  });

  it('every frame is the stored fragment, found through the Basic Offset Table', async () => {
    const slide = await track(DicomSlide.open(PATHML));
    const lengths: number[] = [];
    for (let y = 0; y < 6; y++)
      for (let x = 0; x < 7; x++) lengths.push((await slide.readRawTile(0, x, y)).bytes.length);
    expect(lengths).toEqual(PATHML_FRAGMENTS);
    // sha256sum of dcmdump +W small_dicom.dcm.1.raw and .42.raw
    expect(sha256((await slide.readRawTile(0, 0, 0)).bytes)).toBe(
      '017cbac026eace850f40594e2fa923a842a07485ce3f29333d5d3eb0c7f367c4',
    );
    expect(sha256((await slide.readRawTile(0, 6, 5)).bytes)).toBe(
      '2bca5a1b09167caf5f24c2c1ba53ca91cca49b839d8ff1b850b0480ed6a27879',
    );
  });

  it('passthrough drops the padding byte, adds no APP14 over JFIF/YCbCr, and decodes to H&E colours', async () => {
    const slide = await track(DicomSlide.open(PATHML));
    const raw = await slide.readRawTile(0, 0, 2);
    const jpeg = await slide.readJpegTilePassthrough(0, 0, 2);
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpeg.subarray(-2).toString('hex')).toBe('ffd9');
    // The frame is a JFIF file with components 1,2,3 and 2×2 luma sampling: YCbCr, whatever Photometric says.
    expect(jpeg.equals(raw.bytes.subarray(0, jpeg.length))).toBe(true);
    expect(listSegments(jpeg).some((s) => s.marker === 0xee)).toBe(false);
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([500, 500]);
    // H&E: pink-purple tissue, so red and blue well above green. Read as RGB it would be green-cyan.
    const [r, g, b] = await meanColour(jpeg);
    expect(r! - g!).toBeGreaterThan(30);
    expect(b! - g!).toBeGreaterThan(10);
    // The edge tile stays padded to the full frame; the viewer clips it.
    const edge = await sharp(await slide.readJpegTilePassthrough(0, 6, 5)).metadata();
    expect([edge.width, edge.height]).toEqual([500, 500]);
  });

  it('without a Basic Offset Table the fragments are walked and give the same frames', async () => {
    const bytes = readFileSync(PATHML);
    // The Pixel Data value starts at 1318 (dicom-parser and dcmdump agree); its first item is the 168-byte table.
    const botItem = 1318;
    expect(bytes.readUInt32LE(botItem + 4)).toBe(168);
    const header = Buffer.from(bytes.subarray(0, botItem + 8));
    header.writeUInt32LE(0, botItem + 4);
    const withoutTable = Buffer.concat([header, bytes.subarray(botItem + 8 + 168)]);
    const walked = await DicomSlide.fromSources([new BufferSource(withoutTable)]);
    const indexed = await track(DicomSlide.open(PATHML));
    const [last, first] = await Promise.all([walked.readRawTile(0, 6, 5), walked.readRawTile(0, 0, 0)]);
    expect(last.bytes.equals((await indexed.readRawTile(0, 6, 5)).bytes)).toBe(true);
    expect(first.bytes.equals((await indexed.readRawTile(0, 0, 0)).bytes)).toBe(true);
    expect((await walked.readRawTile(0, 3, 3)).bytes.length).toBe(PATHML_FRAGMENTS[3 * 7 + 3]);
  });
});
