import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { WsiError } from '../errors.ts';
import { TiffSlide } from '../slide.ts';
import { slidePath } from '../../test/slides.ts';
import { decodeChunk, type DecodedTile } from './decode.ts';

/*
 * Reference pixels from libvips 8.14 (libtiff underneath), made once with:
 *   vips tiffload FILE ref.v --page P && vips crop ref.v c.v X Y W H && vips rawsave c.v ref.raw && sha256sum ref.raw
 * (for the palette file also `vips extract_band c.v b.v BAND`). rawsave writes samples interleaved in the
 * machine's (little-endian) order, the same layout as our typed arrays on x86/ARM.
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

/** sha256 of the top-left `width × height` pixels of a decoded (possibly padded) tile. */
function hashRegion(tile: DecodedTile, width: number, height: number, band?: number): string {
  const bytesPerSample = tile.data.BYTES_PER_ELEMENT;
  const bytes = new Uint8Array(tile.data.buffer, tile.data.byteOffset, tile.data.byteLength);
  const hash = createHash('sha256');
  const rowBytes = tile.width * tile.samplesPerPixel * bytesPerSample;
  for (let row = 0; row < height; row++) {
    const start = row * rowBytes;
    if (band === undefined) {
      hash.update(bytes.subarray(start, start + width * tile.samplesPerPixel * bytesPerSample));
    } else {
      for (let x = 0; x < width; x++)
        hash.update(
          bytes.subarray(
            start + x * tile.samplesPerPixel + band,
            start + x * tile.samplesPerPixel + band + 1,
          ),
        );
    }
  }
  return hash.digest('hex');
}

describe('decodeTile matches libvips pixels', () => {
  it('boxes.tiff level 0 tile (0,0): deflate + horizontal predictor, RGB', async () => {
    const tile = await (await open('boxes.tiff')).decodeTile(0, 0, 0);
    expect([tile.width, tile.height, tile.samplesPerPixel, tile.sampleType]).toEqual([64, 64, 3, 'uint8']);
    // vips tiffload boxes.tiff --page 0; crop 0 0 64 64
    expect(hashRegion(tile, 64, 64)).toBe('cfb9e9d31834785666634b3572324a327a0347824226b2fc79f09116531691bf');
  });

  it('boxes.tiff level 2 edge tile (1,0) keeps its padding; the valid 11×62 part matches', async () => {
    const tile = await (await open('boxes.tiff')).decodeTile(2, 1, 0);
    expect([tile.width, tile.height]).toEqual([64, 64]);
    // vips tiffload boxes.tiff --page 2; crop 64 0 11 62
    expect(hashRegion(tile, 11, 62)).toBe('a7db6b95f592634f84a566e1f699ad23c0c5945069d83f0d6a4c88fdc78709a6');
  });

  it('cells-gray16.tif: uncompressed uint16', async () => {
    const tile = await (await open('cells-gray16.tif')).decodeTile(0, 0, 0);
    expect(tile.data).toBeInstanceOf(Uint16Array);
    // vips tiffload cells-gray16.tif; crop 0 0 93 131
    expect(hashRegion(tile, 93, 131)).toBe(
      '1614798b8f74629dcf56805ae729e95e4ebac825edd5d4daae2edc71b8c1e2ca',
    );
  });

  it('kidney-48-5.tif: one uncompressed RGB strip', async () => {
    const tile = await (await open('kidney-48-5.tif')).decodeTile(0, 0, 0);
    // vips tiffload kidney-48-5.tif; crop 0 0 1493 901
    expect(hashRegion(tile, 1493, 901)).toBe(
      '46d0d99d7d6bdacae0f0bdbb80cfc58b5f12ccb33a2d65859466823990f9b05c',
    );
  });

  it('smalltif.tif: LZW uint16 strips, first and short last strip', async () => {
    const slide = await open('smalltif.tif');
    // vips tiffload smalltif.tif; crop 0 0 640 9
    expect(hashRegion(await slide.decodeTile(0, 0, 0), 640, 9)).toBe(
      '916caf27d785ba3b8aca1186dbb9252a791cbabe4b0d617a5a112365444cf25a',
    );
    const last = await slide.decodeTile(0, 0, 53); // 480 rows / 9 per strip → strip 53 holds rows 477–479
    expect(last.height).toBe(3);
    // vips crop 0 477 640 3
    expect(hashRegion(last, 640, 3)).toBe('9f91ad00ef3008e9d9ab5af7df34a01697be10ea649d95144eff89c9207269db');
  });

  it('small_vectra.qptiff: LZW uint8 channel 3 (Cy3), strip 5', async () => {
    const tile = await (await open('small_vectra.qptiff')).decodeTile(0, 0, 5, 2);
    // vips tiffload small_vectra.qptiff --page 2; crop 0 80 1920 16
    expect(hashRegion(tile, 1920, 16)).toBe(
      'ed988f60ab52947eadadb5b9d8c212f7984f89b57c1894a47ac97660b7b51e94',
    );
  });

  it('multi-channel-z-series.ome.tif: int8 big-endian, channel 1 z 2 is IFD 7', async () => {
    const tile = await (await open('multi-channel-z-series.ome.tif')).decodeTile(0, 0, 10, 1, 2);
    expect(tile.data).toBeInstanceOf(Int8Array);
    // vips tiffload multi-channel-z-series.ome.tif --page 7; crop 0 10 439 1
    expect(hashRegion(tile, 439, 1)).toBe('aa6c69393381e306a6a7396577a2f5bda4af641813adaec95b48b2eccfab0e4f');
  });

  it('cells-2c.ome.tif: deflate palette indices of both channels', async () => {
    const slide = await open('cells-2c.ome.tif');
    // The palettes are pure green (IFD 0) and pure blue (IFD 1) ramps, so vips' RGB band equals the index:
    // vips tiffload --page 0; crop 0 5 93 1; extract_band 1   (and --page 1, extract_band 2)
    expect(hashRegion(await slide.decodeTile(0, 0, 5, 0), 93, 1)).toBe(
      '818c138565f241b6bab652970185e113a7ee271294c7b8c440ead4d0df79c117',
    );
    expect(hashRegion(await slide.decodeTile(0, 0, 5, 1), 93, 1)).toBe(
      'ccd48b1bd569ffc47b47e2b97816eed46686be9905f5cdba8f8e270dbfd11c54',
    );
  });

  it('CMU label (associated image): LZW + horizontal predictor, RGB', async () => {
    const slide = await open('CMU-1-Small-Region.svs');
    const label = slide.associatedImage('label')!;
    // vips tiffload CMU-1-Small-Region.svs --page 2; crop 0 0 387 7   (7 rows per strip)
    expect(hashRegion(await decodeChunk(label, 0, 0, 0), 387, 7)).toBe(
      'de2e1b89170e4825afc10b5d0d9aac1fb83e7609ee83a32df188a18eca982b18',
    );
  });

  it('refuses JPEG, JPEG 2000 and out-of-range requests with WsiError codes', async () => {
    const cmu = await open('CMU-1-Small-Region.svs');
    await expect(cmu.decodeTile(0, 0, 0)).rejects.toMatchObject({ code: 'unsupported-compression' });
    const tcga = await open('tcga-cr-7395-01a-01-ts1.svs');
    await expect(tcga.decodeTile(0, 0, 0)).rejects.toMatchObject({
      code: 'needs-openslide',
      message: expect.stringContaining('OpenSlide'),
    });
    const boxes = await open('boxes.tiff');
    for (const args of [
      [4, 0, 0],
      [0, 5, 0],
      [0, 0, 4],
      [0, -1, 0],
      [0, 0.5, 0],
      [0, 0, 0, 1],
      [0, 0, 0, 0, 1],
    ] as const) {
      await expect(boxes.decodeTile(...(args as [number, number, number]))).rejects.toBeInstanceOf(WsiError);
    }
    await expect(boxes.readRawTile(0, 5, 0)).rejects.toMatchObject({ code: 'out-of-range' });
  });
});
