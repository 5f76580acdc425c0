/**
 * What a tool draws while the user works (spec 2 §9 "drawing indicator", z 40): the stroke being drawn,
 * the pointer's indicator, a field of view's outline before it is placed, a ruler being measured. Map
 * coordinates throughout; nothing here is an annotation until the tool hands it to the queue.
 */
import Feature from 'ol/Feature.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import type { Geometry as OlGeometry } from 'ol/geom.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import { DRAWING_DISTANCES, LAYER_Z } from '@tessera/domain';
import { lineLabelStyle } from '../region-features.ts';

const halo = new Stroke({ color: 'rgba(0,0,0,0.6)', width: 4 });

export class SketchLayer {
  readonly layer: VectorLayer;
  private readonly source = new VectorSource();
  private readonly parts = new Map<string, Feature>();

  constructor(color = '#ffffff') {
    const line = new Stroke({ color, width: 2 });
    const indicator = new Circle({
      radius: DRAWING_DISTANCES.indicatorRadius,
      fill: new Fill({ color }),
      stroke: new Stroke({ color: 'rgba(0,0,0,0.7)', width: 1 }),
    });
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: LAYER_Z.drawingIndicator,
      style: (feature) => {
        const label = feature.get('label') as string | undefined;
        return [
          new Style({ stroke: halo }),
          new Style({ stroke: line, image: indicator }),
          ...(label ? [lineLabelStyle(label)] : []),
        ];
      },
      updateWhileInteracting: true,
      updateWhileAnimating: true,
    });
  }

  /** Shows (or replaces) the part named `name`; null removes it. */
  show(name: string, geometry: OlGeometry | null, label?: string): void {
    const old = this.parts.get(name);
    if (old) this.source.removeFeature(old);
    this.parts.delete(name);
    if (!geometry) return;
    const feature = new Feature({ geometry, label });
    this.parts.set(name, feature);
    this.source.addFeature(feature);
  }

  clear(): void {
    this.parts.clear();
    this.source.clear(true);
  }
}
