/**
 * The viewer's interaction modes (spec 2 §4 "Interaction modes"): one active at a time, Selection by
 * default; a toolbar button switches to its mode and, pressed again, back to Selection. What a viewer
 * does with the pointer is its *effective* mode, which also depends on whether annotations are shown and
 * a set is open.
 */

/** Spec 2 §4, in its order (Sam's slot is kept: the assisted segmentation tool comes with its own issue). */
export const INTERACTION_MODES = [
  'None',
  'Selection',
  'Transform',
  'Drawing',
  'FieldOfView',
  'Cma',
  'Sam',
  'Ruler',
] as const;
export type InteractionMode = (typeof INTERACTION_MODES)[number];

export const DEFAULT_INTERACTION_MODE: InteractionMode = 'Selection';

/** The mode a toolbar button leaves the viewer in: its own, or Selection when it was already active. */
export const modeAfterToggle = (selected: InteractionMode, pressed: InteractionMode): InteractionMode =>
  selected === pressed ? DEFAULT_INTERACTION_MODE : pressed;

/**
 * Spec 2 §4 "Effective mode": None while annotations are hidden; the selected mode while a set is open;
 * without a set, Selection — except that the Ruler and Sam, which need no set, stay.
 */
export function effectiveMode(state: {
  selectedMode: InteractionMode;
  annotationsVisible: boolean;
  hasSet: boolean;
}): InteractionMode {
  if (!state.annotationsVisible) return 'None';
  if (state.hasSet) return state.selectedMode;
  return state.selectedMode === 'Ruler' || state.selectedMode === 'Sam' ? state.selectedMode : 'Selection';
}

/** Spec 2 §4: choosing any mode but None and Selection shows the annotations. */
export const showsAnnotations = (mode: InteractionMode): boolean => mode !== 'None' && mode !== 'Selection';

/** Spec 2 §4: the snap toggle is enabled only in Drawing mode. */
export const isSnapAvailable = (mode: InteractionMode): boolean => mode === 'Drawing';

/** Spec 2 §4: Transform also selects (a click picks what a drag then moves). */
export const selectsIn = (mode: InteractionMode): boolean => mode === 'Selection' || mode === 'Transform';
