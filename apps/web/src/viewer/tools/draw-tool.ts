/**
 * Freehand drawing (spec 2 §4 "Drawing"), a state machine of small states: *idle* shows the drawing
 * indicator at the pointer; a press (the map does not pan) starts what it lands on (outline-target.ts):
 * *drawing* a new outline, or continuing an open line from its end; *correction* of an outline near the
 * pointer; *cutting* a hole in a polygon of the active class. Ctrl at the press draws anew whatever is
 * near. Each move beyond the drag threshold adds a point; the release finishes: a new stroke becomes a
 * polygon when it ends where it began or Shift was pressed, otherwise an open line, simplified at the
 * view's resolution and discarded when too small (packages/domain drawing.ts); a correction snaps back
 * onto the outline within the snap tolerance and replaces the stretch between (a third of the
 * resolution for its simplification), a line's redrawn tail where it does not come back; a cut becomes
 * a hole (outline-edits.ts). Escape cancels: nothing is changed until the release.
 */
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import PointerInteraction from 'ol/interaction/Pointer.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import {
  continuedLine,
  CORRECTION_TOLERANCE_SHARE,
  correctedOutline,
  DRAWING_DISTANCES,
  finishStroke,
  nearestOnOutline,
  simplifyGeometry,
  withHole,
  type Geometry,
  type Position,
} from '@tessera/domain';
import { outlineTargetAt, type OutlineTarget } from './outline-target.ts';
import { imagePositionOf, type ToolContext } from './tool-context.ts';

/** A stroke's points thinned at `tolerance` (its ends kept). */
const simplified = (points: Position[], tolerance: number): Position[] =>
  points.length < 3
    ? points
    : (simplifyGeometry({ type: 'LineString', coordinates: points }, tolerance).coordinates as Position[]);

interface Stroke {
  points: Position[];
  line: LineString;
  lastPixel: number[];
  isClosing: boolean;
}

type DrawState = { name: 'idle' } | { name: 'drawing'; stroke: Stroke; target: OutlineTarget };

export class DrawTool extends PointerInteraction {
  private state: DrawState = { name: 'idle' };

  constructor(private readonly context: ToolContext) {
    super();
  }

  override handleEvent(event: MapBrowserEvent): boolean {
    if (event.type === 'keydown') return this.key(event.originalEvent as KeyboardEvent);
    return super.handleEvent(event);
  }

  protected override handleMoveEvent(event: MapBrowserEvent): void {
    this.context.sketch.show('indicator', new Point(event.coordinate));
  }

  protected override handleDownEvent(event: MapBrowserEvent): boolean {
    const original = event.originalEvent as PointerEvent;
    if (original.button !== 0 || !this.context.edits) return false;
    const point = imagePositionOf(this.context, event.coordinate);
    const { regions } = this.context;
    const target: OutlineTarget =
      regions && !original.ctrlKey && !original.metaKey
        ? outlineTargetAt(
            regions,
            point,
            event.coordinate,
            DRAWING_DISTANCES.connect * this.resolution(),
            this.context.settings().drawClassId,
          )
        : { kind: 'new' };
    const line = new LineString([event.coordinate]);
    this.state = {
      name: 'drawing',
      target,
      stroke: { points: [point], line, lastPixel: event.pixel, isClosing: original.shiftKey },
    };
    this.context.sketch.show('stroke', line);
    return true;
  }

  protected override handleDragEvent(event: MapBrowserEvent): void {
    const state = this.state;
    if (state.name !== 'drawing') return;
    const { stroke } = state;
    this.context.sketch.show('indicator', new Point(event.coordinate));
    const [x, y] = event.pixel;
    const [lx, ly] = stroke.lastPixel;
    if (Math.hypot(x! - lx!, y! - ly!) <= DRAWING_DISTANCES.dragThreshold) return;
    stroke.points.push(imagePositionOf(this.context, event.coordinate));
    stroke.line.appendCoordinate(event.coordinate);
    stroke.lastPixel = event.pixel;
    if ((event.originalEvent as PointerEvent).shiftKey) stroke.isClosing = true;
  }

  protected override handleUpEvent(event: MapBrowserEvent): boolean {
    const state = this.state;
    this.state = { name: 'idle' };
    this.context.sketch.show('stroke', null);
    if (state.name !== 'drawing') return false;
    const { stroke, target } = state;
    if ((event.originalEvent as PointerEvent).shiftKey) stroke.isClosing = true;
    if (target.kind === 'new') this.finishNew(stroke);
    else this.finishEdit(stroke, target);
    return false;
  }

  private resolution(): number {
    return this.context.map.getView().getResolution() ?? 1;
  }

  private finishNew(stroke: Stroke): void {
    const resolution = this.resolution();
    const geometry = finishStroke(stroke.points, {
      isClosing: stroke.isClosing,
      connect: DRAWING_DISTANCES.connect * resolution,
      tolerance: resolution,
    });
    if (geometry)
      this.context.edits?.add([
        { geometry, classId: this.context.settings().drawClassId, type: 'Freehand', isLocked: false },
      ]);
  }

  /** A continued line, a corrected outline or a cut hole, saved as the region's new geometry. */
  private finishEdit(stroke: Stroke, target: Exclude<OutlineTarget, { kind: 'new' }>): void {
    const resolution = this.resolution();
    const { region } = target;
    let geometry: Geometry | null = null;
    if (target.kind === 'continue' && region.geometry.type === 'LineString') {
      if (stroke.points.length < 2) return;
      geometry = finishStroke(
        continuedLine(region.geometry.coordinates, target.end, stroke.points.slice(1)),
        {
          isClosing: stroke.isClosing,
          connect: DRAWING_DISTANCES.connect * resolution,
          tolerance: resolution,
        },
      );
    } else if (target.kind === 'correct') {
      const drawn = simplified(stroke.points, resolution * CORRECTION_TOLERANCE_SHARE);
      if (drawn.length < 2) return;
      const end = nearestOnOutline(region.geometry, drawn.at(-1)!);
      const reach = this.context.settings().snapActive
        ? DRAWING_DISTANCES.snapTolerance
        : DRAWING_DISTANCES.connect;
      const snaps = end && end.ring === target.from.ring && end.distance <= reach * resolution;
      if (snaps) geometry = correctedOutline(region.geometry, target.from, end, drawn);
      else if (region.geometry.type === 'LineString')
        // Not brought back to the line: its tail from the press is redrawn.
        geometry = {
          type: 'LineString',
          coordinates: [
            ...region.geometry.coordinates.slice(0, Math.floor(target.from.at) + 1),
            target.from.point,
            ...drawn.slice(1),
          ],
        };
    } else if (target.kind === 'cut') {
      geometry = withHole(region.geometry, simplified(stroke.points, resolution));
    }
    if (!geometry) return;
    this.context.edits?.updateGeometries({
      kind: 'updateGeometries',
      changes: [{ id: region.id, before: region.geometry, after: geometry }],
    });
  }

  /** Escape cancels the stroke; Shift while drawing closes it (spec 2 §4). */
  private key(event: KeyboardEvent): boolean {
    if (this.state.name !== 'drawing') return true;
    if (event.key === 'Escape') {
      this.state = { name: 'idle' };
      this.context.sketch.show('stroke', null);
      return false;
    }
    if (event.key === 'Shift') this.state.stroke.isClosing = true;
    return true;
  }
}
