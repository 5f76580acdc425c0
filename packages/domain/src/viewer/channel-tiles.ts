/**
 * Channel tiles (issue #12 point 5, beyond the spec): a fluorescence tile's raw channel samples, so the
 * viewer colours them on the GPU and a colour or range change redraws the tiles in view without asking
 * the server again. The server packs them (`tile/channels`), the viewer unpacks them into a WebGL tile
 * layer; both follow the layout here.
 *
 * Layout: pixel by pixel, row by row, over the whole tile of the grid (padded with zeros past the level's
 * edge); per pixel, each channel's stored value in 1 byte (8-bit types) or 2 bytes, high byte first
 * (16-bit types). The stored value is the sample plus the type's offset (signed types are shifted to
 * start at 0), so every stored value is a non-negative integer. Other types (float, 32-bit) have no
 * channel tiles: those slides keep the server-composited tiles.
 */
import type { TileEqualization } from '../equalization.ts';

export const CHANNEL_TILE_MEDIA_TYPE = 'application/vnd.tessera.channel-tile';

/**
 * At most this many bytes per pixel: the viewer's tile layer binds one texture per 4 bands, and WebGL
 * guarantees 8 texture units. More channels than fit keep the composited tiles.
 */
export const MAX_CHANNEL_TILE_BANDS = 32;

export interface ChannelBands {
  /** Bytes per sample in the tile. */
  bands: 1 | 2;
  /** Added to the sample to make the stored value: 128 for int8, 32768 for int16, else 0. */
  offset: number;
}

const BANDS_BY_TYPE: Record<string, ChannelBands> = {
  uint8: { bands: 1, offset: 0 },
  int8: { bands: 1, offset: 128 },
  uint16: { bands: 2, offset: 0 },
  int16: { bands: 2, offset: 32768 },
};

/** Each channel's bands, or null when a channel's type has none or the tile would have too many bytes. */
export function channelTileLayout(sampleTypes: readonly (string | null)[]): ChannelBands[] | null {
  const layout = sampleTypes.map((type) => BANDS_BY_TYPE[type ?? '']);
  if (layout.length === 0 || layout.some((l) => !l)) return null;
  const known = layout as ChannelBands[];
  return bandCountOf(known) <= MAX_CHANNEL_TILE_BANDS ? known : null;
}

/** Bytes per pixel of a channel tile. */
export function bandCountOf(layout: readonly ChannelBands[]): number {
  return layout.reduce((n, l) => n + l.bands, 0);
}

/**
 * One channel as the viewer's shader draws it: t = clamp(stored · scale + shift, 0, 1), times the
 * channel's colour, added over the channels and clamped — the server's composite (spec 3 §5: the linear
 * window (v − min) / (max − min)), with v = stored − offset. A window of min = max is the composite's
 * step, v ≥ max: on integers exactly clamp(v − max + 1).
 */
export interface ChannelShading {
  scale: number;
  shift: number;
  /** 0..255 each; black for a disabled channel or one without a window. */
  rgb: [number, number, number];
}

export function channelShadings(
  layout: readonly ChannelBands[],
  equalization: TileEqualization,
): ChannelShading[] {
  return layout.map(({ offset }, channel) => {
    const window = equalization.find((w) => w.channel === channel);
    if (!window?.enabled) return { scale: 0, shift: 0, rgb: [0, 0, 0] };
    const span = window.max - window.min;
    const rgb: [number, number, number] = [window.rgb[0], window.rgb[1], window.rgb[2]];
    if (span <= 0) return { scale: 1, shift: 1 - offset - window.max, rgb };
    return { scale: 1 / span, shift: -(offset + window.min) / span, rgb };
  });
}
