/**
 * Move annotations (spec 2 §4 Transform): a press on a selected annotation — or on one not selected,
 * which is then selected alone — drags the selection; locked ones, rulers and outlines shown thinned (read
 * at a lower level of detail: moving them would save the thinned outline) stay put. A drag beyond the
 * threshold is saved as one geometry update; a press on nothing pans the map as usual.
 */
import type Feature from 'ol/Feature.js';
import type { SimpleGeometry } from 'ol/geom.js';
import PointerInteraction from 'ol/interaction/Pointer.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { canEditGeometry, DRAWING_DISTANCES, type Geometry } from '@tessera/domain';
import { editedOf, imageGeometryOf, REGION } from '../region-features.ts';
import { regionAt } from './selection-tool.ts';
import type { ToolContext } from './tool-context.ts';

interface Drag {
  moved: { feature: Feature; before: Geometry }[];
  from: number[];
  pixel: number[];
  last: number[];
}

export class MoveTool extends PointerInteraction {
  private drag: Drag | null = null;

  constructor(private readonly context: ToolContext) {
    super();
  }

  protected override handleDownEvent(event: MapBrowserEvent): boolean {
    const { regions, edits } = this.context;
    if (!regions || !edits || (event.originalEvent as PointerEvent).button !== 0) return false;
    const hit = regionAt(this.context, event.pixel);
    if (!hit) return false;
    const id = String(hit.getId());
    let selection = this.context.selection();
    if (!selection.has(id)) {
      selection = new Set([id]);
      this.context.select(selection);
    }
    const frame = regions.frame();
    const moved = [...selection].flatMap((selected) => {
      const feature = regions.feature(selected);
      if (!feature || feature.get(REGION.isExact) !== true) return [];
      if (!canEditGeometry(editedOf(feature), { activeClassId: null, isMove: true })) return [];
      return [{ feature, before: imageGeometryOf(feature.getGeometry() as SimpleGeometry, frame) }];
    });
    if (moved.length === 0) return false;
    this.drag = { moved, from: event.coordinate, pixel: event.pixel, last: event.coordinate };
    return true;
  }

  protected override handleDragEvent(event: MapBrowserEvent): void {
    const drag = this.drag;
    if (!drag) return;
    const [x, y] = event.coordinate;
    const [lx, ly] = drag.last;
    for (const { feature } of drag.moved) feature.getGeometry()?.translate(x! - lx!, y! - ly!);
    drag.last = event.coordinate;
  }

  protected override handleUpEvent(event: MapBrowserEvent): boolean {
    const drag = this.drag;
    this.drag = null;
    const { regions, edits } = this.context;
    if (!drag || !regions || !edits) return false;
    const [x, y] = event.pixel;
    const [px, py] = drag.pixel;
    if (Math.hypot(x! - px!, y! - py!) <= DRAWING_DISTANCES.dragThreshold) {
      // Not a drag: put them back where they were.
      const [fx, fy] = drag.from;
      const [lx, ly] = drag.last;
      for (const { feature } of drag.moved) feature.getGeometry()?.translate(fx! - lx!, fy! - ly!);
      return false;
    }
    const frame = regions.frame();
    edits.updateGeometries({
      kind: 'updateGeometries',
      changes: drag.moved.map(({ feature, before }) => ({
        id: String(feature.getId()),
        before,
        after: imageGeometryOf(feature.getGeometry() as SimpleGeometry, frame),
      })),
    });
    return false;
  }
}
