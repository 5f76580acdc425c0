/**
 * One slide on an OpenLayers map (DESIGN §9), without React: the slide layer in image pixel units with
 * y negated, the gestures of spec 2 §2 (drag-pan, pinch and wheel zoom on; the zoom buttons, shift-drag
 * and double-click zoom off), a scale line in µm/mm from the slide's metres per pixel, and the overview
 * minimap. React mounts it (features/viewer) and calls its commands; later layers (results, annotations)
 * take their place by LAYER_Z. The tiles can change under a standing view (the slide's conversion
 * finishing: showTiles).
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { unByKey } from 'ol/Observable.js';
import TileLayer from 'ol/layer/Tile.js';
import TileImage from 'ol/source/TileImage.js';
import type { UrlFunction } from 'ol/Tile.js';
import TileGrid from 'ol/tilegrid/TileGrid.js';
import Projection from 'ol/proj/Projection.js';
import OverviewMap from 'ol/control/OverviewMap.js';
import ScaleLine from 'ol/control/ScaleLine.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import type { ImageInfo } from '@tessera/contract';
import {
  FIT_ANIMATION_MS,
  FIT_PADDING_PX,
  LAYER_Z,
  magnificationAt,
  mapExtentOf,
  pixelBoxOf,
  resolutionForMagnification,
  type PixelBox,
  type Point,
  type ViewPosition,
} from '@tessera/domain';
import { flippedOrigins, MIN_RESOLUTION, slidePyramid, type SlideTiles } from './slide-pyramid.ts';
import { tileLoader, type FetchTile } from './tile-loader.ts';
import { SLIDE_DRAWN_EVENT, SLIDE_MOVED_EVENT } from './slide-events.ts';

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

export interface SlideMapOptions {
  target: HTMLElement;
  imageInfo: Pick<ImageInfo, 'size' | 'resolution'>;
  tiles: SlideTiles;
  display: SlideDisplay;
  tileUrl: TileUrl;
  /** What distinguishes these tile URLs from others of the slide (its equalization). */
  tileUrlKey?: string;
  fetchTile: FetchTile;
  /**
   * Another map of the same slide whose view this one shows (the channel grid, spec 2 §2): one
   * OpenLayers View drives both, so they move together without any copying of positions. Such a map
   * has no overview of its own.
   */
  shareViewOf?: SlideMap;
  /** Called when the view comes to rest, with what it shows. */
  onViewChange?: (view: MapView) => void;
}

export interface MapView {
  /** The image box in view. */
  box: PixelBox;
  magnification: number;
}

/** The overview minimap's side (OpenLayers' stylesheet draws it 150 px with a 1 px border). */
const OVERVIEW_SIZE_PX = 148;

/** Magnification change animation: short, so repeated clicks do not queue up. */
const ZOOM_ANIMATION_MS = 250;

export class SlideMap {
  readonly map: OlMap;
  private readonly extent: [number, number, number, number];
  private readonly projection: Projection;
  private readonly scanMagnification: number;
  private readonly slideLayer: TileLayer<TileImage>;
  private readonly overviewLayer: TileLayer<TileImage>;
  private readonly options: SlideMapOptions;
  private tiles: SlideTiles;
  private display: SlideDisplay;
  private tileUrl: TileUrl;
  /** Names the tile URLs in use (the equalization): tiles of another key are fetched again. */
  private tileUrlKey: string;
  private readonly crosshair: HTMLElement;

  constructor(options: SlideMapOptions) {
    const { target, imageInfo, tiles, display, onViewChange } = options;
    const { w, h } = imageInfo.size;
    this.options = options;
    this.tileUrl = options.tileUrl;
    this.tileUrlKey = options.tileUrlKey ?? '';
    this.tiles = tiles;
    this.display = display;
    this.extent = [0, -h, w, 0];
    this.scanMagnification = imageInfo.resolution.magnification;
    const mpp = imageInfo.resolution.metersPerPixel;
    this.projection = new Projection({
      code: 'slide-pixels',
      units: 'pixels',
      extent: this.extent,
      // Image pixels in metres: the scale line then reads µm and mm. Unknown: one pixel a micrometre.
      metersPerUnit: mpp ? (mpp.x + mpp.y) / 2 : 1e-6,
    });
    // Clipped to the image: edge tiles are stored whole, their padding beyond the image black or white.
    const extent = this.extent;
    this.slideLayer = new TileLayer({
      source: this.slideSource(),
      extent,
      zIndex: LAYER_Z.slide,
      preload: 1,
    });
    // A source of its own: OpenLayers keeps a source's tiles for the map that drew them.
    this.overviewLayer = new TileLayer({ source: this.slideSource(), extent });
    const coarsest = slidePyramid(imageInfo.size, tiles.levels).resolutions[0]!;
    this.map = new OlMap({
      target,
      // The focusable map element takes the keys: arrows pan, + and - zoom (keyboard access).
      keyboardEventTarget: target,
      layers: [this.slideLayer],
      controls: defaultControls({ zoom: false, rotate: false, attribution: false }).extend([
        new ScaleLine({ units: 'metric', minWidth: 80 }),
      ]),
      interactions: defaultInteractions({
        doubleClickZoom: false,
        shiftDragZoom: false,
        altShiftDragRotate: false,
        pinchRotate: false,
      }),
      view:
        options.shareViewOf?.map.getView() ??
        new View({
          projection: this.projection,
          extent,
          constrainOnlyCenter: true,
          showFullExtent: true,
          minResolution: MIN_RESOLUTION,
          maxResolution: coarsest * 4,
        }),
    });
    if (!options.shareViewOf) {
      this.map.getView().fit(extent, { padding: Array(4).fill(FIT_PADDING_PX) });
      // Added once the view has a centre: the overview sizes its own view from the map's when added.
      this.map.addControl(this.overview());
    }
    this.map.on('loadstart', () => target.setAttribute('aria-busy', 'true'));
    this.map.on('rendercomplete', () => {
      target.setAttribute('aria-busy', 'false');
      target.dispatchEvent(new Event(SLIDE_DRAWN_EVENT));
    });
    this.map.on('moveend', () => {
      // The centre shown, in image pixels: what tests and benchmarks compare between synced maps.
      const { x, y } = this.center();
      target.dataset.center = `${Math.round(x)},${Math.round(y)}`;
      target.dispatchEvent(new Event(SLIDE_MOVED_EVENT));
    });
    this.crosshair = crosshairElement();
    // Made with the map in its constructor, so always there.
    this.map.getViewport()!.appendChild(this.crosshair);
    if (onViewChange)
      this.map.on('moveend', () =>
        onViewChange({
          box: this.imageBoxOf(pixelBoxOf(this.map.getView().calculateExtent())),
          magnification: this.magnification(),
        }),
      );
  }

  /** The whole slide, always, at a resolution it cannot leave (OpenLayers would zoom it with the map). */
  private overview(): OverviewMap {
    const resolution = Math.max(this.extent[2], -this.extent[1]) / OVERVIEW_SIZE_PX;
    return new OverviewMap({
      layers: [this.overviewLayer],
      className: 'ol-overviewmap slide-overview',
      view: new View({
        projection: this.projection,
        extent: this.extent,
        showFullExtent: true,
        minResolution: resolution,
        maxResolution: resolution,
      }),
      collapsed: false,
      collapseLabel: '\u00AB',
      label: '\u00BB',
      tipLabel: 'Overview map',
    });
  }

  private slideSource(): TileImage {
    const size = { w: this.extent[2], h: -this.extent[1] };
    const pyramid = slidePyramid(size, this.tiles.levels);
    const { resolutions, tileSizes } = pyramid;
    const { isSmoothed, isFlipped } = this.display;
    // Flipped: the grid's column x shows the image's column (columns − 1 − x), mirrored.
    const grid = isFlipped
      ? { origins: flippedOrigins(size.w, pyramid) }
      : { origin: [0, 0] as [number, number] };
    const source = new TileImage({
      projection: this.projection,
      tileGrid: new TileGrid({ extent: this.extent, ...grid, resolutions, tileSizes }),
      interpolate: isSmoothed,
      tileLoadFunction: tileLoader(this.options.fetchTile, (z) => tileSizes[z]!, isFlipped),
      transition: 0,
    });
    source.setTileUrlFunction(this.urlFunction(pyramid.columns), this.tileUrlKey);
    return source;
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
    const size = { w: this.extent[2], h: -this.extent[1] };
    const { columns } = slidePyramid(size, this.tiles.levels);
    for (const layer of [this.slideLayer, this.overviewLayer])
      layer.getSource()?.setTileUrlFunction(this.urlFunction(columns), key);
  }

  /** Shows these tiles under the standing view (the slide's optimized pyramid once converted). */
  showTiles(tiles: SlideTiles): void {
    // Compared by value: each answer of the polled slide details is a new object with the same levels.
    if (tiles.path === this.tiles.path && JSON.stringify(tiles.levels) === JSON.stringify(this.tiles.levels))
      return;
    this.tiles = tiles;
    this.renewSources();
  }

  /**
   * Draws the slide smoothed or pixel-perfect, ICC-converted or not, mirrored or not (all source
   * options). A flip keeps the same tissue in view: the centre moves to its mirror image.
   */
  setDisplay(display: SlideDisplay): void {
    const was = this.display;
    if (
      display.isSmoothed === was.isSmoothed &&
      display.isIccApplied === was.isIccApplied &&
      display.isFlipped === was.isFlipped
    )
      return;
    this.display = display;
    if (display.isFlipped !== was.isFlipped) {
      const view = this.map.getView();
      const [x, y] = view.getCenter() ?? [0, 0];
      view.setCenter([this.extent[2] - x!, y!]);
    }
    this.renewSources();
  }

  private renewSources(): void {
    this.slideLayer.setSource(this.slideSource());
    this.overviewLayer.setSource(this.slideSource());
  }

  /** Spec 2 §2 'Fit image to the view': the whole image, 16 px from each side, in 750 ms. */
  fit(): void {
    this.map.getView().fit(this.extent, {
      padding: Array(4).fill(FIT_PADDING_PX),
      duration: FIT_ANIMATION_MS,
    });
  }

  /** Shows the slide at 2.5–40× of its scan, around the current centre. */
  magnify(magnification: number): void {
    this.map.getView().animate({
      resolution: resolutionForMagnification(this.scanMagnification, magnification),
      duration: ZOOM_ANIMATION_MS,
    });
  }

  /** The magnification shown now. */
  magnification(): number {
    return magnificationAt(this.scanMagnification, this.map.getView().getResolution() ?? 1);
  }

  // --- sync between open slides (features/viewer/sync): the view in image pixels, set and followed ---

  /** The centre shown, in image pixels of the unflipped image, y downwards. */
  center(): Point {
    const [x, y] = this.map.getView().getCenter() ?? [0, 0];
    return { x: this.display.isFlipped ? this.extent[2] - x! : x!, y: -y! };
  }

  /** Image pixels per screen pixel. */
  resolution(): number {
    return this.map.getView().getResolution() ?? 1;
  }

  /** Shows this centre at this resolution at once, stopping any animation of the view. */
  setView({ center, resolution }: ViewPosition): void {
    const view = this.map.getView();
    view.cancelAnimations();
    view.setCenter([this.display.isFlipped ? this.extent[2] - center.x : center.x, -center.y]);
    view.setResolution(resolution);
  }

  /**
   * Calls `listener` on every change of the centre or resolution — each frame of a drag, a wheel zoom or
   * an animation, and each setView (synchronously within it). Answers the unsubscribe.
   */
  onViewChanging(listener: () => void): () => void {
    const view = this.map.getView();
    const keys = [view.on('change:center', listener), view.on('change:resolution', listener)];
    return () => unByKey(keys);
  }

  /** Spec 2 §2: the sync cross-hair, a marker at the map's centre. */
  showCrosshair(isShown: boolean): void {
    this.crosshair.style.display = isShown ? 'block' : 'none';
  }

  /** Shows an image box (the deep link's bbox). */
  showBox(box: PixelBox): void {
    this.map.getView().fit(mapExtentOf(this.imageBoxOf(box)));
  }

  /** A box in image pixels as the map shows it, and back: mirrored while the slide is flipped. */
  private imageBoxOf(box: PixelBox): PixelBox {
    if (!this.display.isFlipped) return box;
    const w = this.extent[2];
    return { ...box, minX: w - box.maxX, maxX: w - box.minX };
  }

  destroy(): void {
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}

/** A plus at the viewport's centre, dark on a white halo so it reads on any stain; never takes events. */
function crosshairElement(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'slide-crosshair';
  element.dataset.testid = 'sync-crosshair';
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, {
    display: 'none',
    position: 'absolute',
    left: '50%',
    top: '50%',
    width: '36px',
    height: '36px',
    transform: 'translate(-50%, -50%)',
    pointerEvents: 'none',
    zIndex: '1',
  });
  element.innerHTML =
    '<svg viewBox="0 0 36 36" width="36" height="36">' +
    '<path d="M18 2v32M2 18h32" stroke="white" stroke-width="5" stroke-linecap="round"/>' +
    '<path d="M18 3v31M3 18h30" stroke="#212121" stroke-width="2"/></svg>';
  return element;
}
