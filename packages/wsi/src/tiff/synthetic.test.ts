import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { WsiError } from '../errors.ts';
import { TiffSlide } from '../slide.ts';
import { BufferSource } from '../source/byte-source.ts';
import { buildTiff, imageTags, type TinyIfd } from '../../test/tiny-tiff.ts';
import { findTool } from '../../test/writer-tools.ts';

/*
 * Cases no small public slide covers, built in memory with the independent test writer: BigTIFF and
 * classic TIFF in both byte orders, int16/float32, predictors 2 and 3, planar channels, OME SubIFD
 * pyramids, IFD loops, absurd sizes and unsupported compressions.
 */
function open(
  ifds: TinyIfd[],
  options: { bigTiff: boolean; littleEndian: boolean; loop?: boolean },
): Promise<TiffSlide> {
  return TiffSlide.fromSource(new BufferSource(buildTiff(ifds, options)));
}

/** Encodes samples the way a writer would: forward horizontal differences, in the file's byte order. */
function int16Tile(values: number[], width: number, littleEndian: boolean, predictor: boolean): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => {
    const d = predictor && i % width !== 0 ? ((v - values[i - 1]!) << 16) >> 16 : v;
    if (littleEndian) out.writeInt16LE(d, i * 2);
    else out.writeInt16BE(d, i * 2);
  });
  return out;
}

/** Predictor 3 encoding (Adobe TN3): big-endian byte planes per row, then byte differences. */
function floatPredictorTile(values: number[], width: number, height: number): Buffer {
  const out = Buffer.alloc(values.length * 4);
  for (let row = 0; row < height; row++) {
    const planes = Buffer.alloc(width * 4);
    for (let x = 0; x < width; x++) {
      const be = Buffer.alloc(4);
      be.writeFloatBE(values[row * width + x]!);
      for (let b = 0; b < 4; b++) planes[b * width + x] = be[b]!;
    }
    for (let i = planes.length - 1; i >= 1; i--) planes[i] = (planes[i]! - planes[i - 1]!) & 0xff;
    planes.copy(out, row * width * 4);
  }
  return out;
}

const ramp = (n: number, f: (i: number) => number): number[] => Array.from({ length: n }, (_, i) => f(i));

describe.each([
  { bigTiff: false, littleEndian: true },
  { bigTiff: false, littleEndian: false },
  { bigTiff: true, littleEndian: true },
  { bigTiff: true, littleEndian: false },
])('bigTiff=$bigTiff littleEndian=$littleEndian', (options) => {
  it('int16 tiles with horizontal predictor, deflate', async () => {
    const values = ramp(16 * 16, (i) => ((i * 37) % 2000) - 1000);
    const tile = deflateSync(int16Tile(values, 16, options.littleEndian, true));
    const slide = await open(
      [
        {
          tags: imageTags({
            width: 16,
            height: 16,
            tile: [16, 16],
            bits: 16,
            sampleFormat: 2,
            compression: 8,
            predictor: 2,
          }),
          chunks: [tile],
          tiled: true,
        },
      ],
      options,
    );
    expect(slide.info.channels[0]!.sampleType).toBe('int16');
    const decoded = await slide.decodeTile(0, 0, 0);
    expect(Array.from(decoded.data)).toEqual(values);
  });

  it('float32 strips with the floating-point predictor', async () => {
    const values = ramp(8 * 4, (i) => Math.fround(i * 0.37 - 3.5));
    const slide = await open(
      [
        {
          tags: imageTags({
            width: 8,
            height: 4,
            rowsPerStrip: 4,
            bits: 32,
            sampleFormat: 3,
            compression: 32946,
            predictor: 3,
          }),
          chunks: [deflateSync(floatPredictorTile(values, 8, 4))],
        },
      ],
      options,
    );
    const decoded = await slide.decodeTile(0, 0, 0);
    expect(decoded.data).toBeInstanceOf(Float32Array);
    expect(Array.from(decoded.data)).toEqual(values);
  });

  it('planar uint16 (PlanarConfiguration 2): one channel per plane', async () => {
    const planes = [ramp(4 * 2, (i) => i * 1000), ramp(4 * 2, (i) => 60000 - i)];
    const slide = await open(
      [
        {
          tags: imageTags({ width: 4, height: 2, rowsPerStrip: 2, spp: 2, bits: 16, planar: 2 }),
          chunks: planes.map((p) =>
            int16Tile(
              p.map((v) => (v << 16) >> 16),
              4,
              options.littleEndian,
              false,
            ),
          ),
        },
      ],
      options,
    );
    expect(slide.info.channels.map((c) => [c.name, c.samplesPerPixel, c.sampleType])).toEqual([
      ['Channel 1', 1, 'uint16'],
      ['Channel 2', 1, 'uint16'],
    ]);
    expect(Array.from((await slide.decodeTile(0, 0, 0, 1)).data)).toEqual(planes[1]);
  });

  it('OME-TIFF with a SubIFD pyramid, channel names and RGBA colours', async () => {
    const ome =
      '<?xml version="1.0"?><OME xmlns="http://www.openmicroscopy.org/Schemas/OME/2016-06"><Instrument><Objective NominalMagnification="40"/></Instrument>' +
      '<Image ID="Image:0"><Pixels DimensionOrder="XYCZT" SizeX="32" SizeY="32" SizeC="2" SizeZ="1" SizeT="1" Type="uint8" PhysicalSizeX="325" PhysicalSizeXUnit="nm" PhysicalSizeY="0.325">' +
      '<Channel ID="Channel:0:0" Name="DAPI" Color="65535" SamplesPerPixel="1"/><Channel ID="Channel:0:1" Name="CD8 &amp; more" Color="-16776961" SamplesPerPixel="1"/>' +
      '<TiffData IFD="0" FirstC="0" PlaneCount="1"/><TiffData IFD="1" FirstC="1" PlaneCount="1"/></Pixels></Image></OME>';
    const plane = (value: number, description?: string): TinyIfd => ({
      tags: imageTags({ width: 32, height: 32, tile: [16, 16], description }),
      chunks: [0, 1, 2, 3].map(() => Buffer.alloc(256, value)),
      tiled: true,
      subIfds: [
        {
          tags: imageTags({ width: 16, height: 16, tile: [16, 16] }),
          chunks: [Buffer.alloc(256, value + 1)],
          tiled: true,
        },
        {
          tags: imageTags({ width: 8, height: 8, tile: [16, 16] }),
          chunks: [Buffer.alloc(256, value + 2)],
          tiled: true,
        },
      ],
    });
    const slide = await open([plane(10, ome), plane(20)], options);
    const { info } = slide;
    expect(info.format).toBe('ome-tiff');
    expect(info.levels.map((l) => [l.width, l.downsample])).toEqual([
      [32, 1],
      [16, 2],
      [8, 4],
    ]);
    // 65535 = 0x0000FFFF → R 0, G 0, B 255 (A 255); -16776961 = 0xFF0000FF → red
    expect(info.channels.map((c) => [c.name, c.color])).toEqual([
      ['DAPI', { r: 0, g: 0, b: 255 }],
      ['CD8 & more', { r: 255, g: 0, b: 0 }],
    ]);
    expect(info.metersPerPixel!.x).toBeCloseTo(325e-9, 15);
    expect(info.metersPerPixel!.y).toBeCloseTo(0.325e-6, 15);
    expect(info.magnification).toBe(40);
    expect((await slide.decodeTile(2, 0, 0, 1)).data[0]).toBe(22);
    expect((await slide.decodeTile(1, 0, 0, 0)).data[0]).toBe(11);
  });
});

describe('bad structure', () => {
  const tiny = (tags = imageTags({ width: 4, height: 4, rowsPerStrip: 4 })): TinyIfd => ({
    tags,
    chunks: [Buffer.alloc(16)],
  });

  it('detects an IFD chain that loops', async () => {
    await expect(
      open([tiny(), tiny()], { bigTiff: false, littleEndian: true, loop: true }),
    ).rejects.toMatchObject({ code: 'ifd-loop' });
  });

  it('refuses absurd dimensions and tile counts', async () => {
    await expect(
      open([tiny(imageTags({ width: 2 ** 30, height: 4, rowsPerStrip: 4 }))], {
        bigTiff: true,
        littleEndian: true,
      }),
    ).rejects.toMatchObject({ code: 'too-large' });
    await expect(
      open([tiny(imageTags({ width: 100_000, height: 100_000, tile: [16, 16] }))], {
        bigTiff: false,
        littleEndian: true,
      }),
    ).rejects.toMatchObject({ code: 'corrupt' }); // 39 million tiles declared, one offset stored
  });

  it('names unknown compressions as unsupported, and corrupt zstd data as corrupt', async () => {
    for (const [compression, code] of [
      [34887, 'unsupported-compression'],
      [50000, 'corrupt'],
    ] as const) {
      const slide = await open([tiny(imageTags({ width: 4, height: 4, rowsPerStrip: 4, compression }))], {
        bigTiff: false,
        littleEndian: true,
      });
      expect(slide.info.levels[0]!.compression).toBe(compression === 50000 ? 'zstd' : 'unknown-34887');
      await expect(slide.decodeTile(0, 0, 0)).rejects.toMatchObject({ code });
      expect((await slide.readRawTile(0, 0, 0)).bytes.length).toBe(16);
    }
  });

  // sharp's own libtiff has no zstd; Debian's libvips (the `vips` command, installed by .ci/run) does.
  it.runIf(findTool('vips'))(
    'decodes zstd tiles as libvips writes them (with and without the horizontal predictor)',
    async () => {
      const width = 64;
      const height = 48;
      const raw = Buffer.alloc(width * height * 3);
      for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + (i >> 6)) & 255;
      const dir = mkdtempSync(join(tmpdir(), 'tessera-zstd-'));
      try {
        const png = join(dir, 'in.png');
        await sharp(raw, { raw: { width, height, channels: 3 } })
          .png()
          .toFile(png);
        for (const predictor of ['none', 'horizontal']) {
          const out = join(dir, `${predictor}.tif`);
          execFileSync('vips', [
            'tiffsave',
            png,
            out,
            '--compression',
            'zstd',
            '--predictor',
            predictor,
            '--tile',
            '--tile-width',
            '16',
            '--tile-height',
            '16',
          ]);
          const slide = await TiffSlide.fromSource(new BufferSource(readFileSync(out)));
          expect(slide.info.levels[0]!.compression).toBe('zstd');
          const tile = await slide.decodeTile(0, 1, 2);
          for (let row = 0; row < 16; row++) {
            const from = ((2 * 16 + row) * width + 16) * 3;
            expect(
              Buffer.from(tile.data.buffer, tile.data.byteOffset + row * 48, 48),
              `${predictor}, row ${row}`,
            ).toEqual(raw.subarray(from, from + 48));
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('rejects files that are not TIFF', async () => {
    await expect(
      TiffSlide.fromSource(new BufferSource(Buffer.from('GIF89a.........'))),
    ).rejects.toBeInstanceOf(WsiError);
    await expect(TiffSlide.open('/nonexistent/slide.svs')).rejects.toMatchObject({ code: 'not-tiff' });
  });
});
