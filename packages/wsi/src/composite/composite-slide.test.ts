import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TiffSlide } from '../slide.ts';
import { slidePath } from '../../test/slides.ts';
import { compositeChannels, type ChannelTile, type CompositeWindow } from './composite.ts';
import { encodeRgbTile } from './encode.ts';

/** Both test slides are stripped, so a "tile" here is a band of whole strips stacked into one plane. */
async function readBand(slide: TiffSlide, channel: number, strips: number): Promise<ChannelTile> {
  const parts = [];
  for (let y = 0; y < strips; y++) parts.push(await slide.decodeTile(0, 0, y, channel));
  const width = parts[0]!.width;
  const samples = new Uint8Array(parts.reduce((n, p) => n + p.data.length, 0));
  let offset = 0;
  for (const part of parts) {
    expect(part.sampleType).toBe('uint8');
    samples.set(part.data as Uint8Array, offset);
    offset += part.data.length;
  }
  return { samples, width, height: samples.length / width };
}

function windowsOf(slide: TiffSlide): CompositeWindow[] {
  return slide.info.channels.map((c) => ({
    enabled: true,
    min: 0,
    max: 255,
    rgb: [c.color!.r, c.color!.g, c.color!.b] as const,
  }));
}

async function meanColour(png: Buffer): Promise<number[]> {
  const stats = await sharp(png).stats();
  return stats.channels.slice(0, 3).map((c) => c.mean);
}

describe('compositing a real fluorescence slide', () => {
  let vectra: TiffSlide;
  let cells: TiffSlide;
  beforeAll(async () => {
    vectra = await TiffSlide.open(slidePath('small_vectra.qptiff'));
    cells = await TiffSlide.open(slidePath('cells-2c.ome.tif'));
  });
  afterAll(async () => {
    await vectra?.close();
    await cells?.close();
  });

  it('small_vectra.qptiff: DAPI blue + FITC green + Cy3 yellow; disabling Cy3 removes all red', async () => {
    expect(vectra.info.channels.map((c) => c.name)).toEqual(['DAPI', 'FITC', 'Cy3']);
    const tiles = await Promise.all([0, 1, 2].map((c) => readBand(vectra, c, 16)));
    expect(tiles[0]).toMatchObject({ width: 1920, height: 256 });
    // A window over the dim signal so every channel shows (the raw means are only a few grey levels).
    const windows = windowsOf(vectra).map((w) => ({ ...w, max: 40 }));

    const all = compositeChannels(tiles, windows);
    const png = await encodeRgbTile(all, 1920, 256, 'png');
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 1920, 256, 3]);
    const [red, green, blue] = await meanColour(png);
    expect(red).toBeGreaterThan(1);
    expect(green).toBeGreaterThan(red!); // FITC and Cy3 both add green
    expect(blue).toBeGreaterThan(1);

    const withoutCy3 = compositeChannels(
      tiles,
      windows.map((w, i) => (i === 2 ? { ...w, enabled: false } : w)),
    );
    const [red2, green2, blue2] = await meanColour(await encodeRgbTile(withoutCy3, 1920, 256, 'png'));
    expect(red2).toBe(0); // only Cy3 carries red
    expect(green2).toBeLessThan(green!);
    expect(blue2).toBeCloseTo(blue!, 6); // DAPI untouched
  });

  it('cells-2c.ome.tif: green and blue from the OME colours; disabling channel 1 leaves blue only', async () => {
    const strips = cells.info.levels[0]!.height; // one row per strip
    const tiles = await Promise.all([0, 1].map((c) => readBand(cells, c, strips)));
    const windows = windowsOf(cells);
    expect(windows.map((w) => w.rgb)).toEqual([
      [0, 255, 0],
      [0, 0, 255],
    ]);
    const both = await meanColour(await encodeRgbTile(compositeChannels(tiles, windows), 93, 131, 'png'));
    const blueOnly = await meanColour(
      await encodeRgbTile(
        compositeChannels(tiles, [{ ...windows[0]!, enabled: false }, windows[1]!]),
        93,
        131,
        'png',
      ),
    );
    expect(both[0]).toBe(0);
    expect(both[1]).toBeGreaterThan(0);
    expect(blueOnly).toEqual([0, 0, both[2]]);
  });

  it('encodes jpeg, webp and png with the right size', async () => {
    const tiles = await Promise.all([0, 1, 2].map((c) => readBand(vectra, c, 16)));
    const rgb = compositeChannels(tiles, windowsOf(vectra));
    for (const format of ['jpeg', 'webp', 'png'] as const) {
      const meta = await sharp(await encodeRgbTile(rgb, 1920, 256, format, 80)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 1920, 256]);
    }
    await expect(encodeRgbTile(rgb, 1920, 255, 'png')).rejects.toThrow('does not match 1920×255');
    await expect(encodeRgbTile(rgb, 1920, 256, 'jpeg', 0)).rejects.toThrow(
      'Quality 0 is not between 1 and 100',
    );
    await expect(encodeRgbTile(rgb, 1920, 256, 'gif' as 'png')).rejects.toThrow(
      'Tile format gif is not one of jpeg, webp, png',
    );
  });
});
