/**
 * Freehand drawing (spec 2 §4 "Drawing"), a state machine of small states: *idle* shows the drawing
 * indicator at the pointer; a press starts *drawing* (the map does not pan), each move of more than the
 * drag threshold adds a point, and the release finishes the stroke — a polygon when it ends where it
 * began or Shift was pressed, otherwise an open line, simplified at the view's resolution, discarded
 * when too small (packages/domain drawing.ts). Escape cancels the stroke being drawn.
 */
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import PointerInteraction from 'ol/interaction/Pointer.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { DRAWING_DISTANCES, finishStroke, type Position } from '@tessera/domain';
import { imagePositionOf, type ToolContext } from './tool-context.ts';

type DrawState =
  | { name: 'idle' }
  | { name: 'drawing'; points: Position[]; line: LineString; lastPixel: number[]; isClosing: boolean };

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
    const line = new LineString([event.coordinate]);
    this.state = {
      name: 'drawing',
      points: [imagePositionOf(this.context, event.coordinate)],
      line,
      lastPixel: event.pixel,
      isClosing: original.shiftKey,
    };
    this.context.sketch.show('stroke', line);
    return true;
  }

  protected override handleDragEvent(event: MapBrowserEvent): void {
    const state = this.state;
    if (state.name !== 'drawing') return;
    this.context.sketch.show('indicator', new Point(event.coordinate));
    const [x, y] = event.pixel;
    const [lx, ly] = state.lastPixel;
    if (Math.hypot(x! - lx!, y! - ly!) <= DRAWING_DISTANCES.dragThreshold) return;
    state.points.push(imagePositionOf(this.context, event.coordinate));
    state.line.appendCoordinate(event.coordinate);
    state.lastPixel = event.pixel;
    if ((event.originalEvent as PointerEvent).shiftKey) state.isClosing = true;
  }

  protected override handleUpEvent(event: MapBrowserEvent): boolean {
    const state = this.state;
    this.state = { name: 'idle' };
    this.context.sketch.show('stroke', null);
    if (state.name !== 'drawing') return false;
    const resolution = this.context.map.getView().getResolution() ?? 1;
    const geometry = finishStroke(state.points, {
      isClosing: state.isClosing || (event.originalEvent as PointerEvent).shiftKey,
      connect: DRAWING_DISTANCES.connect * resolution,
      tolerance: resolution,
    });
    if (geometry)
      this.context.edits?.add([
        { geometry, classId: this.context.settings().drawClassId, type: 'Freehand', isLocked: false },
      ]);
    return false;
  }

  /** Escape cancels the stroke; Shift while drawing closes it (spec 2 §4). */
  private key(event: KeyboardEvent): boolean {
    if (this.state.name !== 'drawing') return true;
    if (event.key === 'Escape') {
      this.state = { name: 'idle' };
      this.context.sketch.show('stroke', null);
      return false;
    }
    if (event.key === 'Shift') this.state.isClosing = true;
    return true;
  }
}
