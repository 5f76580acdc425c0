/**
 * A viewer's annotation tools (spec 2 §3 interactionConfig, §4 "Interaction modes", "Annotation edit
 * operations"): the mode chosen and the one in effect, the tools' settings (use-tool-settings.ts), the
 * selection and what is done to it, the operation queue of the set shown and its undo history,
 * and the tool of the mode in effect on the map (viewer/tools). Editing needs annotationsManage and the
 * set's working state: a version made is read-only (spec 2 §4 "Annotation set versions").
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  AnnotationHistory,
  DEFAULT_INTERACTION_MODE,
  deletionCheck,
  EDIT_MESSAGES,
  effectiveMode,
  lockOffer,
  modeAfterToggle,
  showsAnnotations,
  type AnnotationClass,
  type EditedAnnotation,
  type InteractionMode,
} from '@tessera/domain';
import { annotationUrl, useSlideAnnotationSets } from '../../../api/annotation-sets.ts';
import { useNotify } from '../../../app/notify.tsx';
import type { AnnotationLayers } from '../../../viewer/annotation-layers.ts';
import type { MarkerStore } from '../../../viewer/marker-store.ts';
import { editedOf, isTemporaryId } from '../../../viewer/region-features.ts';
import type { SlideMap } from '../../../viewer/slide-map.ts';
import { SketchLayer } from '../../../viewer/tools/sketch-layer.ts';
import type { ToolSettings } from '../../../viewer/tools/tool-context.ts';
import { installTool } from '../../../viewer/tools/tools.ts';
import { fixAnnotations } from './fix-annotations.ts';
import { OperationQueue } from './operation-queue.ts';
import { useToolSettings } from './use-tool-settings.ts';

/** Why the editing tools are greyed (their tooltips). */
export const TOOL_HINTS = {
  noSet: 'Choose or create an annotation set to edit annotations',
  versionViewed: 'A version is viewed: it cannot be edited',
} as const;

const NO_SELECTION: ReadonlySet<string> = new Set();

/** Said once the annotation's address is on the clipboard. */
export const ANNOTATION_URL_COPIED = 'Annotation URL copied';

export interface AnnotationTools {
  /** The mode in effect (spec 2 §4 "Effective mode"). */
  mode: InteractionMode;
  /** The mode the user chose. */
  selectedMode: InteractionMode;
  /** A toolbar mode button was pressed. */
  toggleMode(pressed: InteractionMode): void;
  /** annotationsManage: the tools are offered. */
  canManage: boolean;
  /** annotationsManage, a set shown, its working state. */
  canEdit: boolean;
  /** Why the editing tools cannot be used now (no set, a version viewed); null when they can. */
  editBlocker: string | null;
  isVersionViewed: boolean;
  isBusy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  undo(): void;
  redo(): void;
  selection: ReadonlySet<string>;
  select(ids: ReadonlySet<string>): void;
  selected: EditedAnnotation[];
  /** The selected cell markers by id, and how many of them have each class (the grid's Selected). */
  markerSelection: ReadonlySet<string>;
  selectedMarkerCounts: ReadonlyMap<string, number>;
  /** Moves with every edit shown or saved (lists of the set read again). */
  revision: number;
  /**
   * Deletes the selection by the edit rules (refused when a region is locked, asked for FOV and ROI), its
   * cell markers with it.
   */
  deleteSelection(isConfirmed: boolean): void;
  isConfirmingDelete: boolean;
  cancelDelete(): void;
  lockSelection(locked: boolean): void;
  setSelectionClass(classId: string): void;
  settings: ToolSettings;
  changeSettings(change: Partial<ToolSettings>): void;
  /** The classes an outline can have: the project's freehand classes but FOV. */
  drawClasses: AnnotationClass[];
  /** The project's cell marker classes. */
  markerClasses: AnnotationClass[];
  /**
   * Repairs the set's invalid regions (spec 2 §4 "Invalid annotations") through the operation queue, so
   * it can be undone; answers the report. Null while the set cannot be edited.
   */
  fixAnnotations: (() => Promise<string>) | null;
  /** Copies the address of the one selected region (spec 3 §2 'Copy Annotation URL'). */
  copyAnnotationUrl(): void;
  /** One saved region is selected, and nothing else, in a set that can be edited (spec 3 §5). */
  canEditMetadata: boolean;
  /** Opens Edit Metadata on the selected region. */
  editMetadata(): void;
  /** The region whose metadata is being edited, in its set; null while the dialog is closed. */
  metadataEditing: { set: { projectId: string; setId: string }; annotationId: string } | null;
  closeMetadata(): void;
  /** Where the annotation menu is open (a right click on the map), or null. */
  menuAt: { x: number; y: number } | null;
  closeMenu(): void;
}

export function useAnnotationTools({
  map,
  layers,
  projectId,
  slideId,
  setId,
  version,
  annotationsVisible,
  showAnnotations,
  canManage,
  classes,
  markerSize,
  setMarkerSize,
  isActive,
}: {
  map: SlideMap | null;
  layers: AnnotationLayers | null;
  projectId: string;
  slideId: string;
  setId: string | null;
  version: number | null;
  annotationsVisible: boolean;
  showAnnotations: () => void;
  canManage: boolean;
  classes: ReadonlyMap<string, AnnotationClass>;
  /** The markers' size now (the viewer's, else the project's), and the viewer's choice of another. */
  markerSize: number;
  setMarkerSize: (size: number) => void;
  /** The viewer's slide is the active one. */
  isActive: boolean;
}): AnnotationTools {
  const notify = useNotify();
  const [selectedMode, setSelectedMode] = useState<InteractionMode>(DEFAULT_INTERACTION_MODE);
  // Spec 2 §4: when the active slide changes, the viewer that was active returns to Selection.
  const [wasActive, setWasActive] = useState(isActive);
  if (wasActive !== isActive) {
    setWasActive(isActive);
    if (!isActive) setSelectedMode(DEFAULT_INTERACTION_MODE);
  }
  const {
    settings: effectiveSettings,
    changeSettings,
    drawClasses,
    markerClasses,
  } = useToolSettings({
    projectId,
    classes,
    markerSize,
    setMarkerSize,
  });
  // The selection belongs to the set's layers it was made in: another set starts with none (spec 2 §4).
  const [selectionOf, setSelectionOf] = useState<{
    layers: AnnotationLayers | null;
    ids: ReadonlySet<string>;
  }>({ layers: null, ids: NO_SELECTION });
  const [markerSelectionOf, setMarkerSelectionOf] = useState<typeof selectionOf>(selectionOf);
  const selection = selectionOf.layers === layers ? selectionOf.ids : NO_SELECTION;
  const markerSelection = markerSelectionOf.layers === layers ? markerSelectionOf.ids : NO_SELECTION;
  const setSelection = useCallback((ids: ReadonlySet<string>) => setSelectionOf({ layers, ids }), [layers]);
  const selectMarkers = useCallback(
    (ids: ReadonlySet<string>) => setMarkerSelectionOf({ layers, ids }),
    [layers],
  );
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [metadataOf, setMetadataOf] = useState<string | null>(null);
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const [revision, queueChanged] = useReducer((n: number) => n + 1, 0);

  // One history per viewer, over the sets it shows; the slide's sets that are gone are dropped.
  const [history] = useState(() => new AnnotationHistory());
  const sets = useSlideAnnotationSets(projectId, slideId);
  useEffect(() => {
    if (sets.data) history.retain(sets.data.map((set) => set.id));
  }, [sets.data, history]);
  useEffect(() => () => history.clear(), [slideId, history]);

  const canEdit = canManage && setId !== null && version === null && layers !== null;
  const regions = layers?.regions ?? null;
  const queue = useMemo(
    () =>
      canEdit && regions && setId
        ? new OperationQueue(
            { projectId, setId },
            regions,
            () => layers?.markers.store ?? null,
            history,
            (message) => notify(message, 'error'),
            queueChanged,
          )
        : null,
    [canEdit, regions, layers, setId, projectId, history, notify, queueChanged],
  );

  useEffect(() => regions?.setSelection(selection), [regions, selection]);
  useEffect(() => layers?.markerSelection.show(markerSelection), [layers, markerSelection]);

  let mode = effectiveMode({ selectedMode, annotationsVisible, hasSet: setId !== null });
  // Editing modes need the right to edit; the ruler measures for everyone.
  if (!canEdit && mode !== 'Ruler' && mode !== 'None') mode = 'Selection';
  // Tools that reshape outlines need them as stored, not thinned for the zoom.
  const isReshaping = mode === 'Transform' || mode === 'Drawing';
  useEffect(() => regions?.setExact(isReshaping), [regions, isReshaping]);

  // The tool reads the latest settings and selection when it acts, so changing them keeps the tool.
  const latest = useRef({ settings: effectiveSettings, selection, markerSelection });
  useLayoutEffect(() => {
    latest.current = { settings: effectiveSettings, selection, markerSelection };
  });
  useEffect(() => {
    if (!map) return;
    return installTool(mode, {
      map: map.map,
      regions,
      markers: () => layers?.markers.store ?? null,
      sketch: new SketchLayer(),
      metersPerPixel: map.metersPerPixel ?? { x: 1e-6, y: 1e-6 },
      settings: () => latest.current.settings,
      changeSettings,
      say: (message) => notify(message, 'warning'),
      edits: queue,
      selection: () => latest.current.selection,
      select: setSelection,
      markerSelection: () => latest.current.markerSelection,
      selectMarkers,
      openMenu: setMenuAt,
    });
  }, [map, mode, regions, layers, queue, setSelection, selectMarkers, changeSettings, notify]);

  // Read each render: an edit (a lock) changes what is selected without changing the selection.
  const selected = [...selection].flatMap((id) => {
    const feature = regions?.feature(id);
    return feature ? [editedOf(feature)] : [];
  });
  const [onlySelected] = selection.size === 1 && markerSelection.size === 0 ? selection : [];
  // A region drawn a moment ago has no server id until its saving is done.
  const canEditMetadata = canEdit && onlySelected !== undefined && !isTemporaryId(onlySelected);
  const store = layers?.markers.store ?? null;
  const selectedMarkerCounts = useMemo(
    () => (store ? classCounts(store, markerSelection) : NO_COUNTS),
    // The revision moves with every marker edit: a selected marker's classes may have changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, markerSelection, revision],
  );

  return {
    mode,
    selectedMode,
    toggleMode: (pressed) => {
      const next = modeAfterToggle(selectedMode, pressed);
      setSelectedMode(next);
      if (showsAnnotations(next) && !annotationsVisible) showAnnotations();
    },
    canManage,
    canEdit,
    editBlocker: setId === null ? TOOL_HINTS.noSet : version !== null ? TOOL_HINTS.versionViewed : null,
    isVersionViewed: version !== null,
    isBusy: queue?.isBusy ?? false,
    canUndo: queue?.canUndo() ?? false,
    canRedo: queue?.canRedo() ?? false,
    undo: () => queue?.undo(),
    redo: () => queue?.redo(),
    selection,
    select: setSelection,
    selected,
    markerSelection,
    selectedMarkerCounts,
    revision,
    deleteSelection: (isConfirmed) => {
      setConfirmingDelete(false);
      if (!queue) return;
      if (markerSelection.size > 0) {
        queue.deleteMarkers([...markerSelection]);
        selectMarkers(NO_SELECTION);
      }
      if (selected.length === 0) return;
      const check = deletionCheck(selected, isConfirmed);
      if (check === 'locked') notify(EDIT_MESSAGES.deleteLocked, 'error');
      else if (check === 'confirm') setConfirmingDelete(true);
      else {
        queue.delete([...selection]);
        setSelection(new Set());
      }
    },
    isConfirmingDelete,
    cancelDelete: () => setConfirmingDelete(false),
    lockSelection: (locked) => {
      const offer = lockOffer(selected);
      if (locked ? offer.canLock : offer.canUnlock) queue?.lock([...selection], locked);
    },
    setSelectionClass: (classId) => queue?.setClass([...selection], classId),
    settings: effectiveSettings,
    changeSettings,
    drawClasses,
    markerClasses,
    fixAnnotations: queue && setId ? () => fixAnnotations({ projectId, setId }, queue) : null,
    copyAnnotationUrl: () => {
      const [id] = selection;
      if (!setId || !id || selection.size !== 1) return;
      const url = annotationUrl({ projectId, setId, version: version ?? undefined }, slideId, id);
      navigator.clipboard.writeText(url).then(
        () => notify(ANNOTATION_URL_COPIED, 'success'),
        () => notify(url, 'info'),
      );
    },
    canEditMetadata,
    editMetadata: () => {
      if (canEditMetadata) setMetadataOf(onlySelected);
    },
    metadataEditing:
      metadataOf !== null && setId !== null && canEdit
        ? { set: { projectId, setId }, annotationId: metadataOf }
        : null,
    closeMetadata: () => setMetadataOf(null),
    menuAt,
    closeMenu: () => setMenuAt(null),
  };
}

const NO_COUNTS: ReadonlyMap<string, number> = new Map();

/** How many of the markers have each class (a marker of two classes counts under both). */
function classCounts(store: MarkerStore, ids: ReadonlySet<string>): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids)
    for (const { classId } of store.snapshot(id)?.classes ?? [])
      counts.set(classId, (counts.get(classId) ?? 0) + 1);
  return counts;
}
