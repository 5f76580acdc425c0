/**
 * What an annotation tool works with (spec 2 §4 "Interaction modes"): the map, the shown set's regions
 * (null without a set: the ruler still measures), the layer it sketches on, the tool settings of the
 * viewer, and where its edits go — the operation queue, which shows and saves them. Each tool is a few
 * OpenLayers interactions over this context, made for one mode and dropped when the mode changes.
 */
import type OlMap from 'ol/Map.js';
import type {
  AnnotationOperation,
  CellMarkerSettings,
  FovShape,
  MarkerSnapshot,
  Position,
  RegionSnapshot,
} from '@tessera/domain';
import type { MarkerStore } from '../marker-store.ts';
import type { RegionLayer } from '../region-layer.ts';
import type { SketchLayer } from './sketch-layer.ts';

export interface ToolSettings {
  /** The class new outlines get (spec 2 §3 drawSettings.activeClassId). */
  drawClassId: string;
  /**
   * Spec 2 §3 drawSettings.snapActive: a correction's end snaps back onto the outline within the snap
   * tolerance (40 px); off, only within the connect distance (10 px).
   */
  snapActive: boolean;
  /** Spec 2 §3 fovSettings: the shape and its size in µm. */
  fov: { shape: FovShape; size: number };
  /** Spec 2 §3 cmaSettings: the mode, rating, ranking, classes and the active class. */
  cellMarker: CellMarkerSettings;
  /** Spec 2 §3 cmaSettings.mappedShortcuts: rating, ranking or class id → key. */
  cellMarkerShortcuts: Readonly<Record<string, string>>;
  /** The markers' radius in screen pixels (what a click must fall within to hit one). */
  cellMarkerSize: number;
}

export interface ToolEdits {
  add(regions: readonly Omit<RegionSnapshot, 'id'>[]): void;
  updateGeometries(operation: AnnotationOperation & { kind: 'updateGeometries' }): void;
  addMarkers(markers: readonly Omit<MarkerSnapshot, 'id'>[]): void;
  deleteMarkers(ids: readonly string[]): void;
  updateMarkers(operation: AnnotationOperation & { kind: 'updateMarkers' }): void;
}

export interface ToolContext {
  map: OlMap;
  regions: RegionLayer | null;
  /** The set's cell markers once read; null before (or without a set). */
  markers: () => MarkerStore | null;
  sketch: SketchLayer;
  metersPerPixel: { x: number; y: number };
  settings: () => ToolSettings;
  changeSettings: (change: Partial<ToolSettings>) => void;
  /** Tells the user something (the cell marker tool's 'No class selected'). */
  say: (message: string) => void;
  /** Null while the user may not edit the shown set (or none is shown). */
  edits: ToolEdits | null;
  selection: () => ReadonlySet<string>;
  select: (ids: ReadonlySet<string>) => void;
  /** The selected cell markers, by id (apart from the regions': markers are edited by other operations). */
  markerSelection: () => ReadonlySet<string>;
  selectMarkers: (ids: ReadonlySet<string>) => void;
  /** The user asked for the annotation menu at this screen point (a right click). */
  openMenu: (at: { x: number; y: number }) => void;
}

/** A map coordinate as an image point (y down, unflipped), by the regions' frame or the map's own. */
export function imagePositionOf(context: ToolContext, coordinate: number[]): Position {
  const frame = context.regions?.frame();
  const x = coordinate[0]!;
  return [frame?.isFlipped ? frame.imageWidth - x : x, -coordinate[1]!];
}

/** The cell marker under a map coordinate, within the markers' drawn radius: its store index, or -1. */
export function markerIndexAt(context: ToolContext, coordinate: number[]): number {
  const store = context.markers();
  if (!store) return -1;
  const [x, y] = imagePositionOf(context, coordinate);
  const resolution = context.map.getView().getResolution() ?? 1;
  return store.nearest(x, y, context.settings().cellMarkerSize * resolution);
}
