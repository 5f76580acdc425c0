/**
 * The ruler (spec 2 §4 "Ruler"): press, drag and release measure between two points, the length shown
 * beside the line (µm, or mm from 5,000 µm). With a set open that the user may edit, the ruler is kept
 * as a Ruler annotation of the set; otherwise it stays on the map as a measurement until the next one or
 * another mode.
 */
import LineString from 'ol/geom/LineString.js';
import PointerInteraction from 'ol/interaction/Pointer.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import {
  DEFAULT_ANNOTATION_CLASS,
  DRAWING_DISTANCES,
  formatLength,
  lengthUm,
  type Position,
} from '@tessera/domain';
import { imagePositionOf, type ToolContext } from './tool-context.ts';

export class RulerTool extends PointerInteraction {
  private start: { image: Position; coordinate: number[]; pixel: number[] } | null = null;

  constructor(private readonly context: ToolContext) {
    super();
  }

  protected override handleDownEvent(event: MapBrowserEvent): boolean {
    if ((event.originalEvent as PointerEvent).button !== 0) return false;
    this.start = {
      image: imagePositionOf(this.context, event.coordinate),
      coordinate: event.coordinate,
      pixel: event.pixel,
    };
    return true;
  }

  protected override handleDragEvent(event: MapBrowserEvent): void {
    if (!this.start) return;
    const end = imagePositionOf(this.context, event.coordinate);
    this.context.sketch.show(
      'ruler',
      new LineString([this.start.coordinate, event.coordinate]),
      formatLength(lengthUm(this.start.image, end, this.context.metersPerPixel)),
    );
  }

  protected override handleUpEvent(event: MapBrowserEvent): boolean {
    const start = this.start;
    this.start = null;
    if (!start) return false;
    const [x, y] = event.pixel;
    const [sx, sy] = start.pixel;
    if (Math.hypot(x! - sx!, y! - sy!) <= DRAWING_DISTANCES.dragThreshold) {
      this.context.sketch.show('ruler', null);
      return false;
    }
    const { edits, regions } = this.context;
    if (edits && regions) {
      this.context.sketch.show('ruler', null);
      edits.add([
        {
          geometry: {
            type: 'LineString',
            coordinates: [start.image, imagePositionOf(this.context, event.coordinate)],
          },
          // A ruler measures; it is not tissue of any class (drawn in the default class's yellow).
          classId: DEFAULT_ANNOTATION_CLASS.classId,
          type: 'Ruler',
          isLocked: false,
        },
      ]);
    }
    return false;
  }
}
