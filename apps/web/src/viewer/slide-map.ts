/**
 * One slide on an OpenLayers map (DESIGN §9), without React: the slide layer in image pixel units with
 * y negated, the gestures of spec 2 §2 (drag-pan, pinch and wheel zoom on; the zoom buttons, shift-drag
 * and double-click zoom off), a scale line in µm/mm from the slide's metres per pixel, and the overview
 * minimap. React mounts it (features/viewer) and calls its commands; later layers (results, annotations)
 * take their place by LAYER_Z.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import TileLayer from 'ol/layer/Tile.js';
import TileImage from 'ol/source/TileImage.js';
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
} from '@tessera/domain';
import { MIN_RESOLUTION, slidePyramid, type SlidePyramid } from './slide-pyramid.ts';
import { tileLoader, type FetchTile } from './tile-loader.ts';

export interface SlideMapOptions {
  target: HTMLElement;
  imageInfo: ImageInfo;
  /** The URL of tile (z, x, y), z counted from the smallest level. */
  tileUrl: (z: number, x: number, y: number) => string;
  fetchTile: FetchTile;
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
  private readonly pyramid: SlidePyramid;
  private readonly scanMagnification: number;

  constructor({ target, imageInfo, tileUrl, fetchTile, onViewChange }: SlideMapOptions) {
    this.pyramid = slidePyramid(imageInfo);
    this.scanMagnification = imageInfo.resolution.magnification;
    const mpp = imageInfo.resolution.metersPerPixel;
    const projection = new Projection({
      code: 'slide-pixels',
      units: 'pixels',
      extent: this.pyramid.extent,
      // Image pixels in metres: the scale line then reads µm and mm. Unknown: one pixel a micrometre.
      metersPerUnit: mpp ? (mpp.x + mpp.y) / 2 : 1e-6,
    });
    const source = this.slideSource(projection, tileUrl, fetchTile);
    // Clipped to the image: edge tiles are stored whole, their padding beyond the image black or white.
    const extent = this.pyramid.extent;
    const slideLayer = new TileLayer({ source, extent, zIndex: LAYER_Z.slide, preload: 1 });
    this.map = new OlMap({
      target,
      layers: [slideLayer],
      controls: defaultControls({ zoom: false, rotate: false, attribution: false }).extend([
        new ScaleLine({ units: 'metric', minWidth: 80 }),
      ]),
      interactions: defaultInteractions({
        doubleClickZoom: false,
        shiftDragZoom: false,
        altShiftDragRotate: false,
        pinchRotate: false,
      }),
      view: new View({
        projection,
        extent: this.pyramid.extent,
        constrainOnlyCenter: true,
        showFullExtent: true,
        minResolution: MIN_RESOLUTION,
        maxResolution: this.pyramid.resolutions[0]! * 4,
      }),
    });
    this.map.getView().fit(this.pyramid.extent, { padding: Array(4).fill(FIT_PADDING_PX) });
    const [, minY, maxX] = this.pyramid.extent;
    const overviewResolution = Math.max(maxX, -minY) / OVERVIEW_SIZE_PX;
    // Added once the view has a centre: the overview sizes its own view from the map's when it is added.
    this.map.addControl(
      new OverviewMap({
        // A source of its own: OpenLayers keeps a source's tiles for the map that drew them.
        layers: [new TileLayer({ source: this.slideSource(projection, tileUrl, fetchTile), extent })],
        className: 'ol-overviewmap slide-overview',
        // The whole slide, always: a resolution it cannot leave (OpenLayers would zoom it with the map).
        view: new View({
          projection,
          extent: this.pyramid.extent,
          showFullExtent: true,
          minResolution: overviewResolution,
          maxResolution: overviewResolution,
        }),
        collapsed: false,
        collapseLabel: '\u00AB',
        label: '\u00BB',
        tipLabel: 'Overview map',
      }),
    );
    if (onViewChange)
      this.map.on('moveend', () =>
        onViewChange({
          box: pixelBoxOf(this.map.getView().calculateExtent()),
          magnification: this.magnification(),
        }),
      );
  }

  private slideSource(projection: Projection, tileUrl: SlideMapOptions['tileUrl'], fetchTile: FetchTile) {
    const { extent, resolutions, tileSizes } = this.pyramid;
    return new TileImage({
      projection,
      tileGrid: new TileGrid({ extent, origin: [0, 0], resolutions, tileSizes }),
      tileUrlFunction: ([z, x, y]) => tileUrl(z!, x!, y!),
      tileLoadFunction: tileLoader(fetchTile, (z) => tileSizes[z]!),
      transition: 0,
    });
  }

  /** Spec 2 §2 'Fit image to the view': the whole image, 16 px from each side, in 750 ms. */
  fit(): void {
    this.map.getView().fit(this.pyramid.extent, {
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

  /** Shows an image box (the deep link's bbox). */
  showBox(box: PixelBox): void {
    this.map.getView().fit(mapExtentOf(box));
  }

  destroy(): void {
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
