/**
 * A fluorescence tile: every enabled channel's samples read through the slide's tile reads and composited
 * in its colour (composite/composite.ts); disabled channels are not read at all.
 */
import { compositeChannels, type ChannelTile, type CompositeWindow } from '../composite/composite.ts';
import { WsiError } from '../errors.ts';
import type { RgbTile, Slide } from './slide-interface.ts';

/** A display window for one channel of the slide. */
export type ChannelWindow = CompositeWindow & { channel: number };

export async function readCompositeTile(
  slide: Slide,
  level: number,
  x: number,
  y: number,
  given: readonly ChannelWindow[],
): Promise<RgbTile> {
  if (!slide.capabilities.channelSamples) throw new WsiError('unsupported', 'fluorescence through OpenSlide');
  const windows: CompositeWindow[] = slide.info.channels.map(() => ({
    enabled: false,
    min: 0,
    max: 1,
    rgb: [0, 0, 0],
  }));
  for (const w of given) windows[w.channel] = { enabled: w.enabled, min: w.min, max: w.max, rgb: w.rgb };
  const tiles: (ChannelTile | null)[] = await Promise.all(
    windows.map(async (window, channel): Promise<ChannelTile | null> => {
      if (!window.enabled) return null;
      const decoded = await slide.readTile('samples', level, x, y, channel);
      return { samples: decoded.data, width: decoded.width, height: decoded.height };
    }),
  );
  const first = tiles.find((t) => t);
  if (!first) {
    // No channel enabled: a black tile of the stored tile size (the composite has nothing to size it by).
    const stored = slide.info.levels[level]!;
    const height = Math.min(stored.tileHeight, stored.height - y * stored.tileHeight);
    const rows = stored.isTiled === false ? height : stored.tileHeight;
    return { rgb: new Uint8Array(stored.tileWidth * rows * 3), width: stored.tileWidth, height: rows };
  }
  return { rgb: compositeChannels(tiles, windows), width: first.width, height: first.height };
}
