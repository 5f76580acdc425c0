/**
 * The annotation set a viewer shows, on its map (spec 2 §3 annotationsConfig, §7 "Annotation loading"):
 * the set and version of the viewer's tab state — set from the deep link's `annotation_set_id` and
 * `annotation_set_version` for the address's slide, or chosen in the side panel's Annotations tab —
 * drawn with the project's classes and the display tools' settings (viewer/annotation-layers.ts). A set
 * the slide does not have is said ('Annotation set does not exist on slide') and shown no more.
 */
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  ANNOTATION_LOAD_MESSAGES,
  ANNOTATION_SET_MESSAGES,
  type AnnotationClass,
  type AnnotationDisplay,
} from '@tessera/domain';
import {
  fetchCellMarkers,
  fetchRegionViewport,
  useSlideAnnotationSets,
  type ShownSet,
} from '../../../api/annotation-sets.ts';
import { useAnnotationClassMap } from '../../../api/annotation-classes.ts';
import { SET_ID, SET_VERSION } from '../../../api/early-answers.ts';
import { useToolConfig } from '../../../api/tool-configs.ts';
import { useNotify } from '../../../app/notify.tsx';
import type { AnnotationLayers, AnnotationSource } from '../../../viewer/annotation-layers.ts';
import type { SlideMap } from '../../../viewer/slide-map.ts';
import type { ViewSettings } from '../view-settings.ts';
import type { ViewerTabState } from '../viewer-layout.ts';

/** The deep link's annotation parameters, as the address gives them (unchecked). */
export interface AnnotationSetParam {
  setId: string | null;
  version: string | null;
  /** annotation_id: the annotation to select and fit the view to (use-annotation-deep-link.ts). */
  annotationId: string | null;
}

export function useAnnotationLayers({
  map,
  projectId,
  slideId,
  tabState,
  changeTabState,
  settings,
  param,
}: {
  map: SlideMap | null;
  projectId: string;
  slideId: string;
  tabState: ViewerTabState;
  changeTabState: (change: Partial<ViewerTabState>) => void;
  settings: ViewSettings;
  /** The deep link's parameters, for the viewer of the address's slide; null otherwise. */
  param: AnnotationSetParam | null;
}): {
  isCrowded: boolean;
  /** The layers of the set shown, once drawn; null without one. */
  layers: AnnotationLayers | null;
  /** The project's classes by id. */
  classMap: ReadonlyMap<string, AnnotationClass>;
  /** The markers' radius in screen pixels: the viewer's choice, else the project's. */
  markerSize: number;
  /** Reads the set shown again: its regions and its markers. */
  reload: () => void;
} {
  const notify = useNotify();
  const [isCrowded, setCrowded] = useState(false);
  // Bumped to read the set again from the start (after an import wrote into it).
  const [generation, setGeneration] = useState(0);
  const subscribe = useCallback(
    (listener: () => void) => map?.onAnnotationsChange(listener) ?? (() => {}),
    [map],
  );
  const layers = useSyncExternalStore(subscribe, () => map?.annotationLayers() ?? null);
  const sets = useSlideAnnotationSets(projectId, slideId);
  const classes = useAnnotationClassMap(projectId);
  const { classMap } = classes;
  // Spec 2 §3 cmaSettings.cellMarkerSize: the viewer's own, else the project's cell marker panel's (3–30,
  // default 5).
  const projectMarkerSize = useToolConfig(projectId, 'cellMarkerPanel').config.cellMarkerSize;
  const markerSize = tabState.cellMarkerSize ?? projectMarkerSize;

  // The page hands a new function each render: effects call the latest, and run on values alone.
  const choose = useEffectEvent((setId: string | null, version: number | null) =>
    changeTabState({ annotationSetId: setId, annotationSetVersion: version }),
  );
  const sayNotOnSlide = useEffectEvent(() => notify(ANNOTATION_SET_MESSAGES.notOnSlide, 'error'));

  // The deep link chooses the set once per value: choosing another in the panel then holds.
  const applied = useRef<string | null>(null);
  const paramSetId = param?.setId ?? null;
  const paramVersion = param?.version ?? null;
  useEffect(() => {
    if (!paramSetId) return;
    const id = `${paramSetId}@${paramVersion ?? ''}`;
    if (applied.current === id) return;
    applied.current = id;
    if (!SET_ID.test(paramSetId) || (paramVersion !== null && !SET_VERSION.test(paramVersion)))
      sayNotOnSlide();
    else choose(paramSetId, paramVersion === null ? null : Number(paramVersion));
  }, [paramSetId, paramVersion]);

  const { annotationSetId, annotationSetVersion } = tabState;
  const isMissing =
    annotationSetId !== null &&
    sets.data !== undefined &&
    !sets.data.some((set) => set.id === annotationSetId);
  useEffect(() => {
    if (!isMissing) return;
    sayNotOnSlide();
    choose(null, null);
  }, [isMissing]);

  const source = useMemo((): AnnotationSource | null => {
    if (annotationSetId === null || sets.data === undefined || isMissing) return null;
    const set: ShownSet = { projectId, setId: annotationSetId, version: annotationSetVersion ?? undefined };
    return {
      key: `${projectId}/${annotationSetId}@${annotationSetVersion ?? 'working'}#${generation}`,
      readRegions: (box, detail, signal) => fetchRegionViewport(set, box, detail, signal),
      readMarkers: (signal) => fetchCellMarkers(set, signal),
      onError: (part) => notify(ANNOTATION_LOAD_MESSAGES[part], 'error'),
      onCrowded: setCrowded,
    };
  }, [projectId, annotationSetId, annotationSetVersion, sets.data, isMissing, notify, generation]);

  const display: AnnotationDisplay = useMemo(
    () => ({
      isVisible: tabState.annotationsVisible,
      areLabelsVisible: settings.annotationLabelsVisible,
      isFilled: settings.annotationFillEnabled,
      fillOpacity: settings.annotationFillOpacity,
    }),
    [
      tabState.annotationsVisible,
      settings.annotationLabelsVisible,
      settings.annotationFillEnabled,
      settings.annotationFillOpacity,
    ],
  );

  useEffect(() => {
    // The classes first: a set drawn before them would be drawn in the default class's colour (as it
    // is when they cannot be read).
    if (!map || classes.isPending) return;
    map.showAnnotations(source, { classes: classMap, display, markerSize });
  }, [map, source, classMap, display, markerSize, classes.isPending]);
  return { isCrowded, layers, classMap, markerSize, reload: () => setGeneration((g) => g + 1) };
}
