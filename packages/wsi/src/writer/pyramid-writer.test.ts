import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TiffSlide } from '../slide.ts';
import { LibvipsLevels } from './libvips-levels.ts';
import { PyramidWriter, type PyramidWriterOptions } from './pyramid-writer.ts';
import { findTool, psnr, vipsHeader } from '../../test/writer-tools.ts';

const hasVips = findTool('vipsheader');
const hasOpenSlide = findTool('openslide-show-properties');
if (!hasVips) console.warn('vipsheader is not installed: the libvips checks are skipped');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-writer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const T = 256;

/** A textured RGB test pattern (gradients, stripes and a hash) so JPEG and the filter have real work. */
function rgbTile(x: number, y: number): Uint8Array {
  const out = new Uint8Array(T * T * 3);
  for (let j = 0; j < T; j++) {
    for (let i = 0; i < T; i++) {
      const gx = x * T + i;
      const gy = y * T + j;
      const o = (j * T + i) * 3;
      out[o] = 128 + 100 * Math.sin(gx / 37) * Math.cos(gy / 53);
      out[o + 1] = 120 + 80 * Math.sin(gx / 23 + gy / 31);
      out[o + 2] = 180 + 60 * Math.sin((gx + gy) / 11);
    }
  }
  return out;
}

function uint16Tile(x: number, y: number, channel: number): Uint16Array {
  const out = new Uint16Array(T * T);
  for (let j = 0; j < T; j++) {
    for (let i = 0; i < T; i++) {
      const gx = x * T + i;
      const gy = y * T + j;
      // Full 16-bit range plus a hash: a lossless round trip must keep every bit.
      out[j * T + i] = (Math.imul(gx + 1, 2654435761) ^ Math.imul(gy + 7, 40503) ^ (channel * 9973)) & 0xffff;
    }
  }
  return out;
}

async function writePyramid(
  path: string,
  options: PyramidWriterOptions,
  tile: (x: number, y: number) => Uint8Array[] | Uint16Array[],
) {
  const writer = await PyramidWriter.create(path, options);
  for (let y = 0; y < writer.levels[0]!.tilesDown; y++) {
    for (let x = 0; x < writer.levels[0]!.tilesAcross; x++) await writer.writeTile(x, y, tile(x, y));
  }
  await writer.finish();
  return writer;
}

const brightfield: PyramidWriterOptions = {
  width: 1500,
  height: 1100,
  sampleType: 'uint8',
  samplesPerPixel: 3,
  channels: [{ name: 'Brightfield' }],
  compression: 'jpeg',
  metersPerPixel: { x: 0.25e-6, y: 0.25e-6 },
  magnification: 40,
  name: 'Test brightfield',
  uuid: '00000000-0000-4000-a000-000000000001',
};

const fluorescence: PyramidWriterOptions = {
  width: 600,
  height: 500,
  sampleType: 'uint16',
  samplesPerPixel: 1,
  channels: [
    { name: 'DAPI', color: { r: 0, g: 0, b: 255 } },
    { name: 'FITC', color: { r: 0, g: 255, b: 0 } },
    { name: 'Cy5 & co', color: { r: 255, g: 0, b: 255 } },
  ],
  compression: 'deflate',
  metersPerPixel: { x: 0.5e-6, y: 0.5e-6 },
  magnification: 20,
};

async function decodeJpegTile(slide: TiffSlide, level: number, x: number, y: number): Promise<Buffer> {
  return sharp(await slide.readJpegTilePassthrough(level, x, y))
    .raw()
    .toBuffer();
}

describe('PyramidWriter, brightfield JPEG (OME SubIFD layout)', () => {
  let path: string;
  beforeAll(async () => {
    path = join(dir, 'brightfield.ome.tif');
    await writePyramid(path, brightfield, (x, y) => [rgbTile(x, y)]);
  });

  it('opens in our reader with every 2× level, mpp, magnification and the channel', async () => {
    const slide = await TiffSlide.open(path);
    try {
      const info = slide.info;
      expect(info.format).toBe('ome-tiff');
      expect(info.kind).toBe('brightfield');
      expect(info.levels.map((l) => [l.width, l.height])).toEqual([
        [1500, 1100],
        [750, 550],
        [375, 275],
        [187, 137],
      ]);
      expect(info.levels.every((l) => l.compression === 'jpeg' && l.tileWidth === 256)).toBe(true);
      expect(info.metersPerPixel).toEqual({ x: 0.25e-6, y: 0.25e-6 });
      expect(info.magnification).toBe(40);
      expect(info.channels.map((c) => [c.name, c.samplesPerPixel, c.sampleType])).toEqual([
        ['Brightfield', 3, 'uint8'],
      ]);
      const tile = await slide.readRawTile(0, 0, 0);
      expect(tile.photometric).toBe(6); // YCbCr with shared JPEGTables, as libvips writes
      expect(tile.bytes.subarray(0, 4)).not.toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xdb])); // abbreviated: no tables
    } finally {
      await slide.close();
    }
  });

  it('level 1 tiles are the 2× box downsample of level 0 (PSNR ≥ 35 dB)', async () => {
    const slide = await TiffSlide.open(path);
    try {
      // Level-1 tile (1, 1) covers level-0 tiles (2..3, 2..3) and is wholly inside the 750×550 level.
      const up = await decodeJpegTile(slide, 1, 1, 1);
      const sources = [
        [2, 2],
        [3, 2],
        [2, 3],
        [3, 3],
      ];
      const quads = await Promise.all(sources.map(([x, y]) => decodeJpegTile(slide, 0, x!, y!)));
      const expected: number[] = [];
      const actual: number[] = [];
      for (let j = 0; j < T; j++) {
        for (let i = 0; i < T; i++) {
          const quad = quads[(j >= 128 ? 2 : 0) + (i >= 128 ? 1 : 0)]!;
          const sx = (2 * i) % T;
          const sy = (2 * j) % T;
          for (let s = 0; s < 3; s++) {
            const at = (py: number, px: number) => quad[(py * T + px) * 3 + s]!;
            expected.push((at(sy, sx) + at(sy, sx + 1) + at(sy + 1, sx) + at(sy + 1, sx + 1)) / 4);
            actual.push(up[(j * T + i) * 3 + s]!);
          }
        }
      }
      expect(psnr(expected, actual)).toBeGreaterThanOrEqual(35);
    } finally {
      await slide.close();
    }
  });

  it('decodes level-0 tiles close to the pixels handed in', async () => {
    const slide = await TiffSlide.open(path);
    try {
      expect(psnr(rgbTile(4, 3), await decodeJpegTile(slide, 0, 4, 3))).toBeGreaterThanOrEqual(35);
    } finally {
      await slide.close();
    }
  });

  it.skipIf(!hasVips)('libvips reads the size and the SubIFD levels (skipped without vipsheader)', () => {
    const header = vipsHeader(path);
    expect([header['width'], header['height'], header['bands']]).toEqual(['1500', '1100', '3']);
    expect(header['n-pages']).toBe('1');
    expect(header['n-subifds']).toBe('3');
    expect(header['resolution-unit']).toBe('cm');
    expect(Number(header['xres'])).toBeCloseTo(4000, 3); // pixels per mm = 1 / 0.25 µm
  });

  it('writes byte-identical files for the same input', async () => {
    const again = join(dir, 'brightfield-again.ome.tif');
    await writePyramid(again, brightfield, (x, y) => [rgbTile(x, y)]);
    const hash = async (p: string) =>
      createHash('sha256')
        .update(await readFile(p))
        .digest('hex');
    expect(await hash(again)).toBe(await hash(path));
  });

  it('copies stored level-0 JPEG tiles unchanged (appendEncoded) beside levels made elsewhere', async () => {
    const source = await TiffSlide.open(path);
    const copyPath = join(dir, 'copied.ome.tif');
    try {
      const level0 = source.info.levels[0]!;
      const firstRaw = await source.readRawTile(0, 0, 0);
      const writer = await PyramidWriter.create(copyPath, {
        ...brightfield,
        copiedJpeg: [{ level: 0, tables: await jpegTablesOf(path), photometric: firstRaw.photometric }],
      });
      await expect(writer.appendEncoded(0, 0, 99, 0, firstRaw.bytes)).rejects.toThrow(RangeError);
      for (let y = 0; y < Math.ceil(level0.height / T); y++) {
        for (let x = 0; x < Math.ceil(level0.width / T); x++)
          await writer.appendEncoded(0, 0, x, y, (await source.readRawTile(0, x, y)).bytes);
      }
      await expect(writer.appendEncoded(0, 0, 0, 0, firstRaw.bytes)).rejects.toThrow('written already');
      const levels = new LibvipsLevels(writer, { file: path, page: 0 });
      for (let r = 0; r < levels.rows; r++) await levels.startRow(r)();
      await writer.finish();
      const copy = await TiffSlide.open(copyPath);
      try {
        expect((await copy.readRawTile(0, 5, 4)).bytes).toEqual((await source.readRawTile(0, 5, 4)).bytes);
        expect(await copy.readJpegTilePassthrough(0, 5, 4)).toEqual(
          await source.readJpegTilePassthrough(0, 5, 4),
        );
        expect(copy.info.levels).toHaveLength(4);
      } finally {
        await copy.close();
      }
    } finally {
      await source.close();
    }
  });

  it('refuses to finish while a level misses tiles', async () => {
    const writer = await PyramidWriter.create(join(dir, 'gap.ome.tif'), brightfield);
    await writer.appendEncoded(1, 0, 0, 0, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    await expect(writer.finish()).rejects.toThrow(/incomplete: level 0 has 0 of/);
  });
});

/** The JPEGTables of a file's first IFD, read through the reader's own structures. */
async function jpegTablesOf(path: string): Promise<Buffer | undefined> {
  const { FileSource } = await import('../source/file-source.ts');
  const { readTiffStructure } = await import('../tiff/ifd.ts');
  const source = await FileSource.open(path);
  try {
    const { ifds } = await readTiffStructure(source);
    return await ifds[0]!.bytes(347);
  } finally {
    await source.close();
  }
}

describe('PyramidWriter, fluorescence uint16 deflate (one IFD per channel)', () => {
  let path: string;
  beforeAll(async () => {
    path = join(dir, 'fluorescence.ome.tif');
    await writePyramid(path, fluorescence, (x, y) => [0, 1, 2].map((c) => uint16Tile(x, y, c)));
  });

  it('opens with its channels, names, colours, levels and physical size', async () => {
    const slide = await TiffSlide.open(path);
    try {
      const info = slide.info;
      expect(info.kind).toBe('fluorescence');
      expect(info.levels.map((l) => [l.width, l.height, l.compression])).toEqual([
        [600, 500, 'deflate'],
        [300, 250, 'deflate'],
        [150, 125, 'deflate'],
      ]);
      expect(info.channels.map((c) => [c.name, c.color, c.sampleType])).toEqual([
        ['DAPI', { r: 0, g: 0, b: 255 }, 'uint16'],
        ['FITC', { r: 0, g: 255, b: 0 }, 'uint16'],
        ['Cy5 & co', { r: 255, g: 0, b: 255 }, 'uint16'],
      ]);
      expect(info.metersPerPixel).toEqual({ x: 0.5e-6, y: 0.5e-6 });
    } finally {
      await slide.close();
    }
  });

  it('round-trips every level-0 sample exactly, and level 1 is the exact box downsample', async () => {
    const slide = await TiffSlide.open(path);
    try {
      for (let c = 0; c < 3; c++) {
        for (let y = 0; y < 2; y++) {
          for (let x = 0; x < 3; x++) {
            const tile = await slide.decodeTile(0, x, y, c);
            // The edge tiles carry the padding that was handed in too: the whole stored tile is compared.
            const expected = uint16Tile(x, y, c);
            expect(tile.data.length).toBe(expected.length);
            // A loop, not toEqual: deep equality over 65,536 elements takes seconds in vitest.
            expect(expected.filter((v, i) => tile.data[i] !== v).length).toBe(0);
          }
        }
        const up = await slide.decodeTile(1, 1, 0, c);
        const sourceTiles = [0, 1].map((y) => [0, 1, 2].map((x) => uint16Tile(x, y, c)));
        // Level-1 tile (1, 0) holds columns 256..299 of the 300-wide level.
        for (const [i, j] of [
          [0, 0],
          [43, 17],
          [43, 249],
          [20, 128],
          [10, 200],
        ] as const) {
          const gx = 256 + i;
          const src = (px: number, py: number) =>
            sourceTiles[Math.floor(py / T)]![Math.floor(px / T)]![(py % T) * T + (px % T)]!;
          const box =
            (src(2 * gx, 2 * j) +
              src(2 * gx + 1, 2 * j) +
              src(2 * gx, 2 * j + 1) +
              src(2 * gx + 1, 2 * j + 1) +
              2) >>
            2;
          expect(up.data[j * T + i]).toBe(box);
        }
      }
    } finally {
      await slide.close();
    }
  });

  it.skipIf(!hasVips)(
    'libvips sees one page per channel and the SubIFD levels (skipped without vipsheader)',
    () => {
      const header = vipsHeader(path);
      expect([header['width'], header['height'], header['format']]).toEqual(['600', '500', 'ushort']);
      expect(header['n-pages']).toBe('3');
      expect(header['n-subifds']).toBe('2');
    },
  );
});

describe('PyramidWriter, successive-IFD layout', () => {
  it('is read as a pyramid with mpp and magnification by our reader and by OpenSlide 3.4.1', async () => {
    const path = join(dir, 'chain.tif');
    await writePyramid(path, { ...brightfield, layout: 'chain' }, (x, y) => [rgbTile(x, y)]);
    const slide = await TiffSlide.open(path);
    try {
      expect(slide.info.levels.map((l) => l.width)).toEqual([1500, 750, 375, 187]);
      expect(slide.info.metersPerPixel).toEqual({ x: 0.25e-6, y: 0.25e-6 });
      expect(slide.info.magnification).toBe(40);
    } finally {
      await slide.close();
    }
    if (!hasOpenSlide)
      return console.warn('openslide-show-properties is not installed: the OpenSlide check is skipped');
    const { execFileSync } = await import('node:child_process');
    const properties = execFileSync('openslide-show-properties', [path], { encoding: 'utf8' });
    expect(properties).toContain("openslide.level-count: '4'");
    expect(properties).toContain("openslide.mpp-x: '0.25'");
  });

  it('refuses more than one channel', async () => {
    await expect(
      PyramidWriter.create(join(dir, 'bad.tif'), { ...fluorescence, layout: 'chain' }),
    ).rejects.toThrow(/one channel/);
    expect(await readdir(dir)).not.toContain('bad.tif');
  });
});

describe('PyramidWriter, atomic output', () => {
  it('shows nothing under the final name while writing, nor after a failure', async () => {
    const sub = await mkdtemp(join(dir, 'atomic-'));
    const path = join(sub, 'slide.tif');
    const writer = await PyramidWriter.create(path, brightfield);
    await writer.writeTile(0, 0, [rgbTile(0, 0)]);
    expect(await readdir(sub)).not.toContain('slide.tif');
    await expect(writer.writeTile(2, 0, [rgbTile(2, 0)])).rejects.toThrow(/out of order/);
    await expect(writer.finish()).rejects.toThrow(/incomplete/);
    expect(await readdir(sub)).toEqual([]); // neither the final file nor the temporary one
  });

  it('removes the temporary file on abort after a rejected tile', async () => {
    const sub = await mkdtemp(join(dir, 'atomic-'));
    const writer = await PyramidWriter.create(join(sub, 'slide.tif'), brightfield);
    await expect(writer.writeTile(0, 0, [new Uint8Array(10)])).rejects.toThrow(/samples/);
    await writer.abort();
    expect(await readdir(sub)).toEqual([]);
  });
});

describe('PyramidWriter, resuming from a checkpoint', () => {
  /**
   * Writes level-0 rows [from, to) of `options`' pyramid with `tile`, in order; checkpoints after row
   * `checkpointAfter` (with a caller state naming that row) and, when `to` is short of the end, stops
   * there as a worker handing its job back would.
   */
  async function writeRows(
    writer: PyramidWriter,
    rows: { from: number; to: number; checkpointAfter?: number },
    tile: (x: number, y: number) => Uint8Array[] | Uint16Array[],
  ) {
    const level0 = writer.levels[0]!;
    for (let y = rows.from; y < rows.to; y++) {
      for (let x = 0; x < level0.tilesAcross; x++) await writer.writeTile(x, y, tile(x, y));
      if (y === rows.checkpointAfter)
        await writer.checkpoint({ state: { row: y }, buffers: [Buffer.from(`after row ${y}`)] });
    }
    if (rows.to < level0.tilesDown) await writer.suspend();
    else await writer.finish();
  }

  for (const [kind, options, tile] of [
    ['brightfield JPEG', brightfield, (x: number, y: number) => [rgbTile(x, y)]],
    [
      'fluorescence uint16',
      { ...fluorescence, height: 1100, uuid: '00000000-0000-4000-a000-000000000002' },
      (x: number, y: number) => [0, 1, 2].map((c) => uint16Tile(x, y, c)),
    ],
  ] as const) {
    it(`goes on after an interruption and writes the same bytes as an uninterrupted run (${kind})`, async () => {
      const sub = await mkdtemp(join(dir, 'resume-'));
      const whole = join(sub, 'whole.tif');
      const path = join(sub, 'resumed.tif');
      await writePyramid(whole, { ...options, name: 'same' }, tile);

      const first = await PyramidWriter.open(path, { ...options, name: 'same' });
      expect(first.resumed).toBeNull();
      // Row 1 is checkpointed; row 2 is written past the checkpoint before the interruption and is lost.
      await writeRows(first.writer, { from: 0, to: 3, checkpointAfter: 1 }, tile);
      expect((await readdir(sub)).filter((n) => n.endsWith('.partial'))).toHaveLength(1);

      const second = await PyramidWriter.open(path, { ...options, name: 'same' });
      expect(second.removed).toEqual([]);
      expect(second.resumed).toEqual({ state: { row: 1 }, buffers: [Buffer.from('after row 1')] });
      expect(second.writer.nextTilePosition).toEqual({ x: 0, y: 2 });
      await writeRows(second.writer, { from: 2, to: second.writer.levels[0]!.tilesDown }, tile);

      expect((await readFile(path)).equals(await readFile(whole))).toBe(true);
      expect((await readdir(sub)).sort()).toEqual(['resumed.tif', 'whole.tif']); // no partial, no checkpoint left
    });
  }

  it('starts over, removing the earlier files, when the options differ or the checkpoint is damaged', async () => {
    const sub = await mkdtemp(join(dir, 'resume-'));
    const path = join(sub, 'slide.tif');
    const tile = (x: number, y: number) => [rgbTile(x, y)];
    const first = await PyramidWriter.open(path, brightfield);
    await writeRows(first.writer, { from: 0, to: 2, checkpointAfter: 0 }, tile);
    const [partial] = (await readdir(sub)).filter((n) => n.endsWith('.partial'));

    const other = await PyramidWriter.open(path, { ...brightfield, jpegQuality: 70 });
    expect(other.resumed).toBeNull();
    expect(other.removed.sort()).toEqual([partial, `${partial}.resume`]);
    await writeRows(other.writer, { from: 0, to: 1, checkpointAfter: 0 }, tile);

    const [again] = (await readdir(sub)).filter((n) => n.endsWith('.partial'));
    const checkpoint = join(sub, `${again}.resume`);
    await writeFile(checkpoint, (await readFile(checkpoint)).subarray(0, 100)); // cut short
    const fresh = await PyramidWriter.open(path, { ...brightfield, jpegQuality: 70 });
    expect(fresh.resumed).toBeNull();
    expect(fresh.removed.sort()).toEqual([again, `${again}.resume`]);
    await fresh.writer.abort();
    expect(await readdir(sub)).toEqual([]);
  });

  it("takes the earlier run's uuid when none is given (the default is random)", async () => {
    const sub = await mkdtemp(join(dir, 'resume-'));
    const path = join(sub, 'slide.tif');
    const tile = (x: number, y: number) => [0, 1, 2].map((c) => uint16Tile(x, y, c));
    const first = await PyramidWriter.open(path, fluorescence);
    await writeRows(first.writer, { from: 0, to: 1, checkpointAfter: 0 }, tile);
    const second = await PyramidWriter.open(path, fluorescence);
    expect(second.resumed).not.toBeNull();
    await writeRows(second.writer, { from: 1, to: 2 }, tile);
    expect(await readdir(sub)).toEqual(['slide.tif']);
  });

  it('keeps nothing when stopped before any checkpoint', async () => {
    const sub = await mkdtemp(join(dir, 'resume-'));
    const { writer } = await PyramidWriter.open(join(sub, 'slide.tif'), brightfield);
    await writer.writeTile(0, 0, [rgbTile(0, 0)]);
    await writer.suspend();
    expect(await readdir(sub)).toEqual([]);
  });
});
