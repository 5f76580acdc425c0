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
import Overlay from 'ol/Overlay.js';
import { unByKey } from 'ol/Observable.js';
import Projection from 'ol/proj/Projection.js';
import OverviewMap from 'ol/control/OverviewMap.js';
import ScaleLine from 'ol/control/ScaleLine.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import type { ImageInfo } from '@tessera/contract';
import {
  FIT_ANIMATION_MS,
  FIT_PADDING_PX,
  magnificationAt,
  mapExtentOf,
  pixelBoxOf,
  resolutionForMagnification,
  type AnnotationClass,
  type AnnotationDisplay,
  type PixelBox,
  type Point,
  type TileEqualization,
  type ViewPosition,
} from '@tessera/domain';
import { MIN_RESOLUTION, slidePyramid, type SlideTiles } from './slide-pyramid.ts';
import type { FetchTile } from './tile-loader.ts';
import type { ChannelSource } from './channel-layer.ts';
import { SlideLayers, type SlideDisplay, type TileUrl } from './slide-layers.ts';
import { crosshairElement, mapPinElement } from './markers.ts';
import { AnnotationLayers, type AnnotationSource } from './annotation-layers.ts';
import { SLIDE_DRAWN_EVENT, SLIDE_MOVED_EVENT } from './slide-events.ts';

export type { SlideDisplay, TileUrl } from './slide-layers.ts';

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
  /**
   * A fluorescence slide's channel tiles: where the browser has WebGL, the slide layer draws them
   * coloured by `equalization` on the GPU (channel-layer.ts), and setEqualization recolours the tiles in
   * view without new requests. Without WebGL, or once a channel tile fails, the composited tiles of
   * tileUrl are drawn instead. The overview always draws composited tiles (a handful, fetched once).
   */
  channels?: ChannelSource;
  /** The equalization the channel tiles are coloured with (the one tileUrlKey names). */
  equalization?: TileEqualization;
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
  private readonly layers: SlideLayers;
  private display: SlideDisplay;
  private readonly crosshair: HTMLElement;
  /** Its tip at the pinned point; positioned nowhere (hidden) until showPin. */
  private readonly pin = new Overlay({
    element: mapPinElement(),
    positioning: 'bottom-center',
    stopEvent: false,
  });
  private annotations: AnnotationLayers | null = null;
  private readonly annotationListeners = new Set<() => void>();
  /** The image's pixel size in metres per axis; null when the slide does not say. */
  readonly metersPerPixel: { x: number; y: number } | null;

  constructor(options: SlideMapOptions) {
    const { target, imageInfo, tiles, display, onViewChange } = options;
    const { w, h } = imageInfo.size;
    this.display = display;
    this.extent = [0, -h, w, 0];
    this.scanMagnification = imageInfo.resolution.magnification;
    const mpp = imageInfo.resolution.metersPerPixel;
    this.metersPerPixel = mpp ? { x: mpp.x, y: mpp.y } : null;
    this.projection = new Projection({
      code: 'slide-pixels',
      units: 'pixels',
      extent: this.extent,
      // Image pixels in metres: the scale line then reads µm and mm. Unknown: one pixel a micrometre.
      metersPerUnit: mpp ? (mpp.x + mpp.y) / 2 : 1e-6,
    });
    // Clipped to the image: edge tiles are stored whole, their padding beyond the image black or white.
    const extent = this.extent;
    this.layers = new SlideLayers(
      {
        map: () => this.map,
        target,
        projection: this.projection,
        extent,
        fetchTile: options.fetchTile,
        channels: options.channels,
      },
      tiles,
      display,
      options.tileUrl,
      options.tileUrlKey ?? '',
      options.equalization ?? [],
    );
    const coarsest = slidePyramid(imageInfo.size, tiles.levels).resolutions[0]!;
    this.map = new OlMap({
      target,
      // The focusable map element takes the keys: arrows pan, + and - zoom (keyboard access).
      keyboardEventTarget: target,
      layers: [this.layers.slide],
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
    // The annotations in view are read once the view rests (a drag or zoom asks nothing on the way).
    this.map.on('moveend', () => this.annotations?.showView(this.viewBox(), this.resolution()));
    this.crosshair = crosshairElement();
    // Made with the map in its constructor, so always there.
    this.map.getViewport()!.appendChild(this.crosshair);
    this.map.addOverlay(this.pin);
    if (onViewChange)
      this.map.on('moveend', () =>
        onViewChange({ box: this.viewBox(), magnification: this.magnification() }),
      );
    // The first frame now rather than at the next animation frame: its tiles are asked for at once.
    this.map.renderSync();
  }

  /** The whole slide, always, at a resolution it cannot leave (OpenLayers would zoom it with the map). */
  private overview(): OverviewMap {
    const resolution = Math.max(this.extent[2], -this.extent[1]) / OVERVIEW_SIZE_PX;
    return new OverviewMap({
      layers: [this.layers.overview],
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
      this.annotations?.setFlipped(display.isFlipped);
    }
    this.layers.setDisplay(display);
  }

  /**
   * Shows this annotation set (or none): its layers replace those of another set; the same set (its
   * key) keeps what it has read. See annotation-layers.ts.
   */
  showAnnotations(
    source: AnnotationSource | null,
    options: {
      classes: ReadonlyMap<string, AnnotationClass>;
      display: AnnotationDisplay;
      markerSize: number;
    },
  ): void {
    if (this.annotations && source?.key === this.annotations.source.key) {
      this.annotations.setClasses(options.classes);
      this.annotations.setDisplay(options.display);
      this.annotations.setMarkerSize(options.markerSize);
      return;
    }
    this.annotations?.destroy();
    this.annotations = source
      ? new AnnotationLayers(this.map, this.extent[2], source, {
          ...options,
          isFlipped: this.display.isFlipped,
          metersPerPixel: this.metersPerPixel,
        })
      : null;
    this.annotations?.showView(this.viewBox(), this.resolution());
    for (const listener of this.annotationListeners) listener();
  }

  /** The annotation layers shown now (their regions are what the tools edit); null without a set. */
  annotationLayers(): AnnotationLayers | null {
    return this.annotations;
  }

  /** Calls `listener` whenever other annotation layers are shown (another set, or none). */
  onAnnotationsChange(listener: () => void): () => void {
    this.annotationListeners.add(listener);
    return () => this.annotationListeners.delete(listener);
  }

  /** The image box in view (image pixels of the unflipped image). */
  private viewBox(): PixelBox {
    return this.imageBoxOf(pixelBoxOf(this.map.getView().calculateExtent()));
  }

  /** Draws the slide from other tile URLs of the same grid (a new equalization; see SlideLayers). */
  setTileUrl(tileUrl: TileUrl, key: string): void {
    this.layers.setTileUrl(tileUrl, key);
  }

  /** Colours the channel tiles in view with this equalization, without new requests (see SlideLayers). */
  setEqualization(equalization: TileEqualization): void {
    this.layers.setEqualization(equalization);
  }

  /** Shows these tiles under the standing view (the slide's optimized pyramid once converted). */
  showTiles(tiles: SlideTiles): void {
    this.layers.showTiles(tiles);
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
    return this.imagePointOf(this.map.getView().getCenter() ?? [0, 0]);
  }

  /** Image pixels per screen pixel. */
  resolution(): number {
    return this.map.getView().getResolution() ?? 1;
  }

  /** Shows this centre at this resolution at once, stopping any animation of the view. */
  setView({ center, resolution }: ViewPosition): void {
    const view = this.map.getView();
    view.cancelAnimations();
    view.setCenter(this.mapCoordinateOf(center));
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

  /** Calls `listener` once, when the map has first drawn every tile in view. */
  onceDrawn(listener: () => void): void {
    this.map.once('rendercomplete', listener);
  }

  /** Gives the map the keyboard focus (its arrows pan, + and − zoom; the viewer's keys work). */
  focus(): void {
    this.map.getTargetElement()?.focus({ preventScroll: true });
  }

  /** Spec 2 §2: the sync cross-hair, a marker at the map's centre. */
  showCrosshair(isShown: boolean): void {
    this.crosshair.style.display = isShown ? 'block' : 'none';
  }

  /** Spec 2 §2: the map-pin, its tip at this image point (unflipped, y down); null hides it. */
  showPin(point: Point | null): void {
    this.pin.setPosition(point ? this.mapCoordinateOf(point) : undefined);
  }

  /**
   * Calls `listener` with the image point under the mouse as it moves over the map (unflipped, y down),
   * and with null when it leaves. Answers the unsubscribe.
   */
  onPointerAt(listener: (point: Point | null) => void): () => void {
    const key = this.map.on('pointermove', (event) => listener(this.imagePointOf(event.coordinate)));
    // Made with the map in its constructor, so always there.
    const viewport = this.map.getViewport()!;
    const leave = () => listener(null);
    viewport.addEventListener('pointerleave', leave);
    return () => {
      unByKey(key);
      viewport.removeEventListener('pointerleave', leave);
    };
  }

  /** A map coordinate as an image point (unflipped, y down), and back: mirrored while flipped, y negated. */
  private imagePointOf([x, y]: readonly number[]): Point {
    return { x: this.display.isFlipped ? this.extent[2] - x! : x!, y: -y! };
  }

  private mapCoordinateOf(point: Point): [number, number] {
    return [this.display.isFlipped ? this.extent[2] - point.x : point.x, -point.y];
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
    this.annotations?.destroy();
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
