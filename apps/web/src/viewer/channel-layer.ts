/**
 * A fluorescence slide coloured on the GPU (issue #12 point 5, beyond the spec): the tiles are the raw
 * channel samples (the server's `tile/channels`, laid out as the domain's channel-tiles.ts says), and a
 * WebGL tile layer's shader colours them — per channel the linear window times its colour, added up, as
 * the server composites. An equalization change only updates the shader's variables: the tiles in view
 * are redrawn at once, with no new request.
 *
 * OpenLayers' WebGL tile layer splits a tile's bands into textures of four and reads them back as
 * 0..1, so an 8-bit value is band · 255 and a 16-bit one (high, low) high · 65280 + low · 255.
 */
import WebGLTileLayer, { type Style } from 'ol/layer/WebGLTile.js';
import DataTile from 'ol/source/DataTile.js';
import type Projection from 'ol/proj/Projection.js';
import type TileGrid from 'ol/tilegrid/TileGrid.js';
import type { ExpressionValue } from 'ol/expr/expression.js';
import {
  bandCountOf,
  channelShadings,
  type ChannelBands,
  type ChannelShading,
  type TileEqualization,
} from '@tessera/domain';

export interface ChannelSource {
  layout: ChannelBands[];
  /** The channel tile (z, x, y) of a tile path's grid, z counted from the smallest level. */
  url: (path: 'tile' | 'tile-converted', z: number, x: number, y: number) => string;
  fetchBytes: (url: string) => Promise<ArrayBuffer>;
}

/** True where this browser can run OpenLayers' WebGL layers (WebGL 1, which every WebGL 2 browser has). */
let webGl: boolean | undefined;
export function hasWebGl(): boolean {
  if (webGl === undefined) {
    try {
      webGl = !!document.createElement('canvas').getContext('webgl');
    } catch {
      webGl = false;
    }
  }
  return webGl;
}

/** The shader's colour: Σ clamp(stored · scale + shift, 0, 1) · rgb over the channels, clamped to 255. */
export function channelColour(layout: readonly ChannelBands[]): ExpressionValue {
  let band = 1;
  const terms = layout.map((channel, c) => {
    const stored: ExpressionValue =
      channel.bands === 1
        ? ['*', ['band', band], 255]
        : ['+', ['*', ['band', band], 65280], ['*', ['band', band + 1], 255]];
    band += channel.bands;
    return ['clamp', ['+', ['*', stored, ['var', `scale${c}`]], ['var', `shift${c}`]], 0, 1];
  });
  const sum = (k: number): ExpressionValue =>
    ['clamp', ['+', 0, ...terms.map((t, c) => ['*', t, ['var', `rgb${k}_${c}`]])], 0, 255] as ExpressionValue;
  return ['color', sum(0), sum(1), sum(2), 1];
}

/** The shader's variables for these shadings. */
export function channelVariables(shadings: readonly ChannelShading[]): Record<string, number> {
  const variables: Record<string, number> = {};
  shadings.forEach((s, c) => {
    variables[`scale${c}`] = s.scale;
    variables[`shift${c}`] = s.shift;
    s.rgb.forEach((v, k) => (variables[`rgb${k}_${c}`] = v));
  });
  return variables;
}

export function channelLayerStyle(layout: ChannelBands[], equalization: TileEqualization): Style {
  return {
    variables: channelVariables(channelShadings(layout, equalization)),
    color: channelColour(layout),
  };
}

/**
 * The channel tiles of a grid as a DataTile source: each fetched with the session's token, checked for
 * its size, and mirrored when the slide is flipped (the grid is then the mirrored one, as for image
 * tiles). A tile that fails is an error of the source ('tileloaderror'), which the map answers by
 * returning to the composited tiles.
 */
export function channelTileSource({
  channels,
  path,
  projection,
  tileGrid,
  tileSizeOf,
  columnsOf,
  isSmoothed,
  isMirrored,
}: {
  channels: ChannelSource;
  path: 'tile' | 'tile-converted';
  projection: Projection;
  tileGrid: TileGrid;
  tileSizeOf: (z: number) => [number, number];
  columnsOf: (z: number) => number;
  isSmoothed: boolean;
  isMirrored: boolean;
}): DataTile {
  const bands = bandCountOf(channels.layout);
  return new DataTile({
    projection,
    tileGrid,
    bandCount: bands,
    interpolate: isSmoothed,
    transition: 0,
    loader: async (z, x, y) => {
      const [w, h] = tileSizeOf(z);
      const column = isMirrored ? columnsOf(z) - 1 - x : x;
      const bytes = new Uint8Array(await channels.fetchBytes(channels.url(path, z, column, y)));
      if (bytes.length !== w * h * bands)
        throw new Error(`Channel tile of ${bytes.length} bytes, not ${w}×${h}×${bands}`);
      return isMirrored ? mirrored(bytes, w, h, bands) : bytes;
    },
  });
}

/** The tile's pixels mirrored left to right, each pixel's bands kept together. */
function mirrored(bytes: Uint8Array, w: number, h: number, bands: number): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let row = 0; row < h; row++) {
    const start = row * w * bands;
    for (let col = 0; col < w; col++) {
      const from = start + col * bands;
      out.set(bytes.subarray(from, from + bands), start + (w - 1 - col) * bands);
    }
  }
  return out;
}

/**
 * Textures kept: about two zoom levels of a large screen's tiles. OpenLayers' default of 512 is 256 MiB
 * of GPU memory for 8 channels of 16 bits in 256² tiles.
 */
const TEXTURE_CACHE_TILES = 128;

export function channelLayer(source: DataTile, style: Style, extent: number[], zIndex: number) {
  return new WebGLTileLayer({ source, style, extent, zIndex, preload: 1, cacheSize: TEXTURE_CACHE_TILES });
}
