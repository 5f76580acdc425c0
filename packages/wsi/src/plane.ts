import { WsiError } from './errors.ts';

/** What every reader's layout has: levels of planes ordered channel-major within each z. */
export interface PlaneLayout<P> {
  levels: readonly { planes: readonly (P | undefined)[] }[];
  info: { channels: readonly unknown[]; sizeZ: number };
}

/**
 * The plane of (level, channel, z), after checking each is in range (out-of-range WsiError otherwise).
 * Answers undefined when the file has no plane there; the reader says why in its own words.
 */
export function findPlane<P>(
  layout: PlaneLayout<P>,
  level: number,
  channel: number,
  z: number,
): P | undefined {
  const levelLayout = Number.isInteger(level) ? layout.levels[level] : undefined;
  if (!levelLayout)
    throw new WsiError(
      'out-of-range',
      `Level ${level} does not exist (the slide has ${layout.levels.length})`,
    );
  const channels = layout.info.channels.length;
  if (!Number.isInteger(channel) || channel < 0 || channel >= channels) {
    throw new WsiError('out-of-range', `Channel ${channel} does not exist (the slide has ${channels})`);
  }
  if (!Number.isInteger(z) || z < 0 || z >= layout.info.sizeZ) {
    throw new WsiError('out-of-range', `Z ${z} does not exist (the slide has ${layout.info.sizeZ})`);
  }
  return levelLayout.planes[channel + channels * z];
}
