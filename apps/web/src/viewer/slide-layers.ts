/**
 * Which tiles draw the slide (SlideMap's layers): the slide layer — composited image tiles, or a
 * fluorescence slide's channel tiles coloured on the GPU (channel-layer.ts) where WebGL allows — and the
 * overview's layer, always composited. Tile paths, grids, flips, smoothing and equalizations change the
 * sources under a standing view; the first channel tile that fails turns the slide layer to composited
 * tiles for good.
 */
import type OlMap from 'ol/Map.js';
import TileLayer from 'ol/layer/Tile.js';
import type WebGLTileLayer from 'ol/layer/WebGLTile.js';
import TileImage from 'ol/source/TileImage.js';
import type { UrlFunction } from 'ol/Tile.js';
import TileGrid from 'ol/tilegrid/TileGrid.js';
import type Projection from 'ol/proj/Projection.js';
import { channelShadings, LAYER_Z, type TileEqualization } from '@tessera/domain';
import {
  channelLayer,
  channelLayerStyle,
  channelTileSource,
  channelVariables,
  hasWebGl,
  type ChannelSource,
} from './channel-layer.ts';
import { flippedOrigins, slidePyramid, type SlideTiles } from './slide-pyramid.ts';
import { tileLoader, type FetchTile } from './tile-loader.ts';

/** The URL of tile (z, x, y) of a tile path, z counted from the smallest level, ICC-converted or not. */
export type TileUrl = (
  path: SlideTiles['path'],
  z: number,
  x: number,
  y: number,
  isIccApplied: boolean,
) => string;

/** How the slide layer draws (spec 2 §2 display tools). */
export interface SlideDisplay {
  /** Pixel smoothing: interpolated when on, each image pixel a sharp square when off (pixel-perfect). */
  isSmoothed: boolean;
  /** Tiles converted through the slide's ICC profile to sRGB. */
  isIccApplied: boolean;
  /** Mirrored horizontally (spec 2 §4 "Flip"): image x shows at w − x. */
  isFlipped: boolean;
}

interface SlideLayerContext {
  map: () => OlMap;
  target: HTMLElement;
  projection: Projection;
  extent: [number, number, number, number];
  fetchTile: FetchTile;
  channels: ChannelSource | undefined;
}

export class SlideLayers {
  slide: TileLayer<TileImage> | WebGLTileLayer;
  readonly overview: TileLayer<TileImage>;
  /** The slide layer draws channel tiles (the GPU colours them), not composited ones. */
  private isColouredHere: boolean;

  constructor(
    /** What the layers are drawn for: the map, its element, projection and extent, how tiles are fetched. */
    private readonly context: SlideLayerContext,
    private tiles: SlideTiles,
    private display: SlideDisplay,
    private tileUrl: TileUrl,
    /** Names the tile URLs in use (the equalization): tiles of another key are fetched again. */
    private tileUrlKey: string,
    private equalization: TileEqualization,
  ) {
    this.isColouredHere = !!context.channels && hasWebGl();
    context.target.dataset.tiles = this.isColouredHere ? 'channels' : 'composited';
    this.slide = this.makeSlideLayer();
    // A source of its own: OpenLayers keeps a source's tiles for the map that drew them.
    this.overview = new TileLayer({ source: this.slideSource(), extent: context.extent });
  }

  /** The slide's tile grid; flipped, the grid's column x shows the image's column (columns − 1 − x), mirrored. */
  private grid() {
    const size = { w: this.context.extent[2], h: -this.context.extent[1] };
    const pyramid = slidePyramid(size, this.tiles.levels);
    const { resolutions, tileSizes } = pyramid;
    const origin = this.display.isFlipped
      ? { origins: flippedOrigins(size.w, pyramid) }
      : { origin: [0, 0] as [number, number] };
    return {
      pyramid,
      tileGrid: new TileGrid({ extent: this.context.extent, ...origin, resolutions, tileSizes }),
    };
  }

  private slideSource(): TileImage {
    const { pyramid, tileGrid } = this.grid();
    const { isSmoothed, isFlipped } = this.display;
    const source = new TileImage({
      projection: this.context.projection,
      tileGrid,
      interpolate: isSmoothed,
      tileLoadFunction: tileLoader(this.context.fetchTile, (z) => pyramid.tileSizes[z]!, isFlipped),
      transition: 0,
    });
    source.setTileUrlFunction(this.urlFunction(pyramid.columns), this.tileUrlKey);
    return source;
  }

  /** The channel tiles of the tile path in use; the first that fails turns the layer to composited tiles. */
  private channelSource() {
    const { pyramid, tileGrid } = this.grid();
    const source = channelTileSource({
      channels: this.context.channels!,
      path: this.tiles.path,
      projection: this.context.projection,
      tileGrid,
      tileSizeOf: (z) => pyramid.tileSizes[z]!,
      columnsOf: (z) => pyramid.columns[z]!,
      isSmoothed: this.display.isSmoothed,
      isMirrored: this.display.isFlipped,
    });
    source.once('tileloaderror', () => {
      if (this.slide.getSource() !== source) return;
      console.warn('Channel tiles could not be drawn; drawing composited tiles instead');
      this.isColouredHere = false;
      this.context.target.dataset.tiles = 'composited';
      this.replaceSlideLayer();
    });
    return source;
  }

  private makeSlideLayer(): TileLayer<TileImage> | WebGLTileLayer {
    if (this.isColouredHere) {
      const layout = this.context.channels!.layout;
      const style = channelLayerStyle(layout, this.equalization);
      return channelLayer(this.channelSource(), style, this.context.extent, LAYER_Z.slide);
    }
    return new TileLayer({
      source: this.slideSource(),
      extent: this.context.extent,
      zIndex: LAYER_Z.slide,
      preload: 1,
    });
  }

  private replaceSlideLayer(): void {
    const old = this.slide;
    this.slide = this.makeSlideLayer();
    this.context.map().getLayers().setAt(this.context.map().getLayers().getArray().indexOf(old), this.slide);
    old.dispose();
  }

  /**
   * Colours the channel tiles in view with this equalization (no new requests); composited tiles come
   * with setTileUrl's new key instead.
   */
  setEqualization(equalization: TileEqualization): void {
    this.equalization = equalization;
    if (!this.isColouredHere) return;
    const shadings = channelShadings(this.context.channels!.layout, equalization);
    (this.slide as WebGLTileLayer).updateStyleVariables(channelVariables(shadings));
  }

  private urlFunction(columns: number[]): UrlFunction {
    const { tileUrl } = this;
    const { path } = this.tiles;
    const { isIccApplied, isFlipped } = this.display;
    return ([z, x, y]) => tileUrl(path, z!, isFlipped ? columns[z!]! - 1 - x! : x!, y!, isIccApplied);
  }

  /**
   * Draws the slide from other tile URLs of the same grid (a new equalization): the tiles in view stay
   * until their replacements arrive, so a colour change does not blank the view.
   */
  setTileUrl(tileUrl: TileUrl, key: string): void {
    if (key === this.tileUrlKey) return;
    this.tileUrl = tileUrl;
    this.tileUrlKey = key;
    const size = { w: this.context.extent[2], h: -this.context.extent[1] };
    const { columns } = slidePyramid(size, this.tiles.levels);
    const layers = this.isColouredHere
      ? [this.overview]
      : [this.slide as TileLayer<TileImage>, this.overview];
    for (const layer of layers) layer.getSource()?.setTileUrlFunction(this.urlFunction(columns), key);
  }

  /** Shows these tiles under the standing view (the slide's optimized pyramid once converted). */
  showTiles(tiles: SlideTiles): void {
    // Compared by value: each answer of the polled slide details is a new object with the same levels.
    if (tiles.path === this.tiles.path && JSON.stringify(tiles.levels) === JSON.stringify(this.tiles.levels))
      return;
    this.tiles = tiles;
    this.renewSources();
  }

  private renewSources(): void {
    if (this.isColouredHere) (this.slide as WebGLTileLayer).setSource(this.channelSource());
    else (this.slide as TileLayer<TileImage>).setSource(this.slideSource());
    this.overview.setSource(this.slideSource());
  }

  /** Draws the slide smoothed or not, ICC-converted or not, mirrored or not (all source options). */
  setDisplay(display: SlideDisplay): void {
    this.display = display;
    this.renewSources();
  }
}
