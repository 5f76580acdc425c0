/**
 * The cell marker tool (spec 2 §4 "Cell marker"): a click — or a mapped key, at the pointer — adds a
 * marker of the active class with the active rating or ranking; on an existing marker it toggles that
 * class instead, deleting the marker when its last class goes; a drag moves a marker. Markers still
 * being saved (temporary ids) are left alone. Keys mapped to a rating or ranking choose it and place a
 * marker; keys mapped to a class make it active. Hits are found in the marker store's grid, within the
 * markers' drawn radius.
 */
import PointerInteraction from 'ol/interaction/Pointer.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import {
  activeEntryOf,
  DRAWING_DISTANCES,
  NO_CLASS_SELECTED,
  shortcutMeaning,
  toggledClasses,
  withClassPicked,
  type CellMarkerClass,
  type Position,
} from '@tessera/domain';
import { isTemporaryId } from '../region-features.ts';
import { imagePositionOf, markerIndexAt, type ToolContext } from './tool-context.ts';

interface Drag {
  id: string;
  from: Position;
  classes: CellMarkerClass[];
  pixel: number[];
  moved: boolean;
}

/** Typing into a field is the field's, never a marker key. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLElement && target.isContentEditable);

export class CellMarkerTool extends PointerInteraction {
  /** Where the pointer is over the map; null while it is elsewhere. */
  private pointer: number[] | null = null;
  private drag: Drag | null = null;
  // Keys place markers at the pointer wherever the focus is (a panel button just clicked, the map):
  // they are heard on the window, while the pointer is over this map.
  private readonly onKey = (event: KeyboardEvent) => {
    if (this.pointer && !isTyping(event.target)) this.key(event);
  };
  private readonly onLeave = () => {
    this.pointer = null;
  };

  constructor(private readonly context: ToolContext) {
    super();
    window.addEventListener('keydown', this.onKey);
    context.map.getViewport()?.addEventListener('pointerleave', this.onLeave);
  }

  override dispose(): void {
    window.removeEventListener('keydown', this.onKey);
    this.context.map.getViewport()?.removeEventListener('pointerleave', this.onLeave);
    super.dispose();
  }

  override handleEvent(event: MapBrowserEvent): boolean {
    if (event.type === 'pointermove') this.pointer = event.coordinate;
    if (event.type === 'click') {
      this.place(event.coordinate);
      return false;
    }
    return super.handleEvent(event);
  }

  protected override handleDownEvent(event: MapBrowserEvent): boolean {
    if ((event.originalEvent as PointerEvent).button !== 0 || !this.context.edits) return false;
    const store = this.context.markers();
    const i = markerIndexAt(this.context, event.coordinate);
    if (!store || i < 0 || isTemporaryId(store.idAt(i))) return false;
    this.drag = {
      id: store.idAt(i),
      from: [store.x[i]!, store.y[i]!],
      classes: store.classesAt(i),
      pixel: event.pixel,
      moved: false,
    };
    return true;
  }

  protected override handleDragEvent(event: MapBrowserEvent): void {
    const drag = this.drag;
    if (!drag) return;
    const [x, y] = event.pixel;
    const [px, py] = drag.pixel;
    if (!drag.moved && Math.hypot(x! - px!, y! - py!) <= DRAWING_DISTANCES.dragThreshold) return;
    drag.moved = true;
    this.context.markers()?.move(drag.id, imagePositionOf(this.context, event.coordinate));
  }

  protected override handleUpEvent(event: MapBrowserEvent): boolean {
    const drag = this.drag;
    this.drag = null;
    if (!drag?.moved) return false;
    const to = imagePositionOf(this.context, event.coordinate);
    this.context.edits?.updateMarkers({
      kind: 'updateMarkers',
      changes: [
        {
          id: drag.id,
          before: { position: drag.from, classes: drag.classes },
          after: { position: to, classes: drag.classes },
        },
      ],
    });
    return false;
  }

  /** A marker added at the coordinate, or the class toggled on the marker there. */
  private place(coordinate: number[], entry = activeEntryOf(this.context.settings().cellMarker)): void {
    const { edits } = this.context;
    const store = this.context.markers();
    if (!edits || !store) return;
    if (!entry) {
      this.context.say(NO_CLASS_SELECTED);
      return;
    }
    const i = markerIndexAt(this.context, coordinate);
    if (i < 0) {
      edits.addMarkers([{ position: imagePositionOf(this.context, coordinate), classes: [entry] }]);
      return;
    }
    const id = store.idAt(i);
    if (isTemporaryId(id)) return;
    const classes = store.classesAt(i);
    const next = toggledClasses(classes, entry);
    if (!next) {
      edits.deleteMarkers([id]);
      return;
    }
    const position: Position = [store.x[i]!, store.y[i]!];
    edits.updateMarkers({
      kind: 'updateMarkers',
      changes: [{ id, before: { position, classes }, after: { position, classes: next } }],
    });
  }

  /** A mapped key: a rating or ranking chosen and a marker placed at the pointer; a class made active. */
  private key(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    const settings = this.context.settings();
    const meaning = shortcutMeaning(settings.cellMarkerShortcuts, event.key);
    if (!meaning) return;
    event.preventDefault();
    if (meaning.kind === 'class') {
      this.context.changeSettings({ cellMarker: withClassPicked(settings.cellMarker, meaning.classId) });
      return;
    }
    const cellMarker =
      meaning.kind === 'rating'
        ? { ...settings.cellMarker, mode: 'rating' as const, rating: meaning.rating }
        : { ...settings.cellMarker, mode: 'ranking' as const, ranking: meaning.ranking };
    this.context.changeSettings({ cellMarker });
    if (this.pointer) this.place(this.pointer, activeEntryOf(cellMarker));
  }
}
