/**
 * Field of view (spec 2 §4 "Field of view"): the outline of the set shape and size follows the pointer,
 * and a click places it as an annotation of the FOV class.
 */
import Polygon from 'ol/geom/Polygon.js';
import Interaction from 'ol/interaction/Interaction.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { fovGeometry, SPECIAL_CLASS_IDS, type Geometry } from '@tessera/domain';
import { mapGeometryOf } from '../region-features.ts';
import { imagePositionOf, type ToolContext } from './tool-context.ts';

export class FovTool extends Interaction {
  constructor(private readonly context: ToolContext) {
    super();
  }

  override handleEvent(event: MapBrowserEvent): boolean {
    if (event.type === 'pointermove' && !event.dragging) {
      const outline = mapGeometryOf(this.outlineAt(event.coordinate), this.frame());
      this.context.sketch.show('fov', outline as Polygon);
    } else if (event.type === 'click' && this.context.edits) {
      this.context.edits.add([
        {
          geometry: this.outlineAt(event.coordinate),
          classId: SPECIAL_CLASS_IDS.fov,
          type: 'Freehand',
          isLocked: false,
        },
      ]);
      return false;
    }
    return true;
  }

  private outlineAt(coordinate: number[]): Geometry {
    const { shape, size } = this.context.settings().fov;
    return fovGeometry(imagePositionOf(this.context, coordinate), size, this.context.metersPerPixel, shape);
  }

  private frame() {
    return this.context.regions?.frame() ?? { imageWidth: 0, isFlipped: false };
  }
}
