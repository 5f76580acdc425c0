/**
 * The selected cell markers, ringed on the map (spec 2 §9 "Contour widths": a selected annotation's
 * contour): a feature per selected marker over the GPU-drawn ones — a selection is a handful, never the
 * million. Drawn again when the selection, the markers' size or a marker changes (moved, deleted,
 * restored), so the ring follows what the tools do; a marker gone from the store loses its ring.
 */
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Stroke, Style } from 'ol/style.js';
import { LAYER_Z } from '@tessera/domain';
import type { MarkerLayer } from './marker-layer.ts';
import type { MapFrame } from './region-features.ts';

const RING_COLOR = 'rgba(20,20,20,0.85)';
const RING_WIDTH = 3;

export class MarkerSelection {
  readonly layer: VectorLayer;
  private readonly source = new VectorSource();
  private ids: ReadonlySet<string> = new Set();
  private unsubscribe: (() => void) | null = null;
  private size: number;
  private style: Style;

  constructor(
    private readonly markers: MarkerLayer,
    private readonly frame: () => MapFrame,
    size: number,
  ) {
    this.size = size;
    this.style = this.styleOf();
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: LAYER_Z.annotations,
      style: () => this.style,
    });
  }

  show(ids: ReadonlySet<string>): void {
    this.ids = ids;
    // Listened to while something is selected: the store's changes move or remove the rings.
    if (ids.size > 0 && !this.unsubscribe && this.markers.store)
      this.unsubscribe = this.markers.store.onChange(() => this.draw());
    this.draw();
  }

  setSize(size: number): void {
    this.size = size;
    this.style = this.styleOf();
    this.layer.changed();
  }

  /** Drawn again: the store came (the markers were read) or the slide was mirrored. */
  redraw(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.show(this.ids);
  }

  destroy(): void {
    this.unsubscribe?.();
  }

  private draw(): void {
    const store = this.markers.store;
    const { imageWidth, isFlipped } = this.frame();
    const features: Feature[] = [];
    for (const id of store ? this.ids : []) {
      const marker = store!.snapshot(id);
      if (!marker) continue;
      const [x, y] = marker.position;
      features.push(new Feature(new Point([isFlipped ? imageWidth - x : x, -y])));
    }
    this.source.clear(true);
    this.source.addFeatures(features);
  }

  private styleOf(): Style {
    return new Style({
      image: new Circle({
        radius: this.size + RING_WIDTH,
        stroke: new Stroke({ color: RING_COLOR, width: RING_WIDTH }),
      }),
    });
  }
}
