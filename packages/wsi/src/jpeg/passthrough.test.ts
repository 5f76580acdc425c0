import { afterAll, describe, expect, it } from 'vitest';
import { TiffSlide, jpegPassthrough } from '../slide.ts';
import { slidePath } from '../../test/slides.ts';
import { listSegments } from './markers.ts';
import { ADOBE_APP14_RGB, buildStandaloneJpeg, tableSegments } from './passthrough.ts';

/*
 * Tile offsets and byte counts from `tiffinfo -s CMU-1-Small-Region.svs` (IFD 0: 130 tiles; tile 0 at 16,
 * 3684 bytes; tile 129 at 1273756, 2194 bytes) and JPEGTables of 289 bytes (`tiffinfo`).
 * One-off check done when this was written (not at test time, vips is not a test dependency): the
 * passthrough of level-0 tiles (0,0) and edge tile (9,12) decoded by `vips jpegload` equals OpenSlide's
 * `vips openslideload` crop of the same area with max abs diff 0; without APP14 the diff was 248.
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

function markers(jpeg: Buffer): number[] {
  return listSegments(jpeg).map((s) => s.marker);
}

describe('JPEG passthrough', () => {
  it('CMU level-0 tile (0,0): stored bytes, tables spliced, APP14 for RGB photometric', async () => {
    const slide = await open('CMU-1-Small-Region.svs');
    const raw = await slide.readRawTile(0, 0, 0);
    expect(raw.bytes.length).toBe(3684); // tiffinfo -s: tile 0 = [16, 3684]
    expect(raw.compression).toBe('jpeg');
    expect(raw.photometric).toBe(2);
    const jpeg = await slide.readJpegTilePassthrough(0, 0, 0);
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpeg.subarray(-2).toString('hex')).toBe('ffd9');
    // SOI, APP14 right after it, then the tables' DQT/DHT, then the tile's own headers up to SOS.
    const found = markers(jpeg);
    expect(found[0]).toBe(0xd8);
    expect(found[1]).toBe(0xee);
    expect(found).toContain(0xdb);
    expect(found).toContain(0xc4);
    expect(found[found.length - 1]).toBe(0xda);
    expect(jpeg.subarray(2, 2 + ADOBE_APP14_RGB.length).toString('latin1', 4, 9)).toBe('Adobe');
    expect(jpeg[2 + 15]).toBe(0); // transform = 0: components are RGB, not YCbCr
    // Never re-encoded: everything after the tables is the stored tile after its SOI, byte for byte.
    expect(jpeg.subarray(jpeg.length - (raw.bytes.length - 2)).equals(raw.bytes.subarray(2))).toBe(true);
    // 2 (SOI) + 16 (APP14) + 289 − 4 (tables without SOI/EOI) + 3684 − 2 (tile without SOI)
    expect(jpeg.length).toBe(3985);
  });

  it('CMU edge tile (9,12) stays padded as stored', async () => {
    const slide = await open('CMU-1-Small-Region.svs');
    const raw = await slide.readRawTile(0, 9, 12);
    expect(raw.bytes.length).toBe(2194); // tiffinfo -s: tile 129 = [1273756, 2194]
    expect([raw.width, raw.height]).toEqual([240, 240]);
    const jpeg = await slide.readJpegTilePassthrough(0, 9, 12);
    const sof = listSegments(jpeg).find((s) => s.marker === 0xc0)!;
    // SOF0 height and width: the full 240×240 tile, not the 60×87 visible part.
    expect(jpeg.readUInt16BE(sof.offset + 5)).toBe(240);
    expect(jpeg.readUInt16BE(sof.offset + 7)).toBe(240);
    expect(jpeg.subarray(jpeg.length - 2192).equals(raw.bytes.subarray(2))).toBe(true);
  });

  it('JPEG strips of associated images pass through too (CMU thumbnail strip 0)', async () => {
    const slide = await open('CMU-1-Small-Region.svs');
    const jpeg = await jpegPassthrough(slide.associatedImage('thumbnail')!, 0, 0);
    const sof = listSegments(jpeg).find((s) => s.marker === 0xc0)!;
    expect([jpeg.readUInt16BE(sof.offset + 7), jpeg.readUInt16BE(sof.offset + 5)]).toEqual([574, 16]);
  });

  it('no APP14 for YCbCr photometric; tables SOI/EOI dropped exactly', () => {
    const tables = Buffer.from('ffd8ffdb0004aabbffd9', 'hex');
    const tile = Buffer.from('ffd8ffda0004ccdd0102ffd9', 'hex');
    expect(tableSegments(tables).toString('hex')).toBe('ffdb0004aabb');
    const ycbcr = buildStandaloneJpeg(tile, { tables, isRgb: false });
    expect(ycbcr.toString('hex')).toBe('ffd8ffdb0004aabbffda0004ccdd0102ffd9');
    const rgb = buildStandaloneJpeg(tile, { tables, isRgb: true });
    expect(rgb.toString('hex')).toBe(
      `ffd8${ADOBE_APP14_RGB.toString('hex')}ffdb0004aabbffda0004ccdd0102ffd9`,
    );
  });

  it('refuses non-JPEG, JPEG 2000 and out-of-range tiles with WsiError codes', async () => {
    await expect((await open('boxes.tiff')).readJpegTilePassthrough(0, 0, 0)).rejects.toMatchObject({
      code: 'not-jpeg',
    });
    const tcga = await open('tcga-cr-7395-01a-01-ts1.svs');
    await expect(tcga.readJpegTilePassthrough(0, 0, 0)).rejects.toMatchObject({ code: 'needs-openslide' });
    // tcga raw tiles are still readable as stored J2K codestreams (tiffinfo -s: level 1 tile 0 = 774 bytes)
    const j2k = await tcga.readRawTile(1, 0, 0);
    expect([j2k.compression, j2k.bytes.length]).toEqual(['jpeg2000', 774]);
    expect(j2k.bytes.subarray(0, 2).toString('hex')).toBe('ff4f'); // J2K SOC marker
    const cmu = await open('CMU-1-Small-Region.svs');
    await expect(cmu.readJpegTilePassthrough(0, 10, 0)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(cmu.readJpegTilePassthrough(1, 0, 0)).rejects.toMatchObject({ code: 'out-of-range' });
    await expect(cmu.readJpegTilePassthrough(0, 0, 13)).rejects.toMatchObject({ code: 'out-of-range' });
  });
});
