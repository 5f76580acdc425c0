/**
 * The errors layer (spec 2 §4 "Invalid annotations", §9 z 100): where a shown region's shape breaks the
 * rules of spec 2 §5 (packages/domain geometryErrors) — a ring crossing itself, an open ring, a freehand
 * line left open (marked at both ends), a ring too small to keep — a red mark, and the rule's message
 * beside it while labels are shown.
 */
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style.js';
import { LAYER_Z, type GeometryError } from '@tessera/domain';
import type { MapFrame } from './region-features.ts';

const mark = new Circle({
  radius: 6,
  fill: new Fill({ color: 'rgba(211,47,47,0.9)' }),
  stroke: new Stroke({ color: '#fff', width: 2 }),
});

export class ErrorLayer {
  readonly layer: VectorLayer;
  private readonly source = new VectorSource();
  private areLabelsVisible = true;

  constructor() {
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: LAYER_Z.errors,
      style: (feature) =>
        new Style({
          image: mark,
          text: this.areLabelsVisible
            ? new Text({
                text: String(feature.get('message')),
                offsetY: -16,
                font: '600 12px system-ui, sans-serif',
                fill: new Fill({ color: '#fff' }),
                stroke: new Stroke({ color: 'rgba(160,0,0,0.9)', width: 3 }),
              })
            : undefined,
        }),
    });
  }

  /** Marks these errors (image pixels), in place of the last ones. */
  show(errors: readonly GeometryError[], frame: MapFrame): void {
    this.source.clear(true);
    this.source.addFeatures(
      errors.flatMap((error) =>
        error.at.map(
          ([x, y]) =>
            new Feature({
              geometry: new Point([frame.isFlipped ? frame.imageWidth - x : x, -y]),
              message: error.message,
            }),
        ),
      ),
    );
  }

  setLabelsVisible(isVisible: boolean): void {
    this.areLabelsVisible = isVisible;
    this.layer.changed();
  }
}
