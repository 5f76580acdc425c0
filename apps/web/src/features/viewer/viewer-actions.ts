/**
 * The viewer's commands (spec 2 §2 control panel and display tools) as actions of one registry
 * (actions/action.ts): the toolbar, the display tools popover and tests perform the same action, and
 * sync and the annotation tools join it.
 */
import {
  FLUORESCENCE_LABELS,
  isSnapAvailable,
  lockOffer,
  MAGNIFICATIONS,
  type InteractionMode,
} from '@tessera/domain';
import { createActionRegistry, type Action } from '../../actions/action.ts';
import type { SlideMap } from '../../viewer/slide-map.ts';
import type { AnnotationTools } from './annotations/use-annotation-tools.ts';
import type { Fluorescence } from './fluorescence/use-fluorescence.ts';
import type { ViewSettings } from './view-settings.ts';
import type { ViewerTabState } from './viewer-layout.ts';

/** Where a viewer can go: the page's navigation, shared by its viewers. */
export interface ViewerNavigation {
  backToSlides(): void;
  /** Shows this slide in place of the viewer's (spec 2 §2 "replace the active slide"). */
  replaceSlide(slideId: string): void;
  /** Opens this slide in a new tab (spec 2 §2 "append a slide id as a new tab"). */
  appendSlide(slideId: string): void;
}

export interface ViewerContext {
  /** The slide's map once its image is shown. */
  map: SlideMap | null;
  navigation: ViewerNavigation;
  /** The slides before and after this one in the slide list; null at an end or while unknown. */
  neighbours: { previous: string | null; next: string | null };
  settings: ViewSettings;
  changeSettings(change: Partial<ViewSettings>): void;
  /** Whether the slide carries an ICC profile (imageInfo attachments). */
  hasIccProfile: boolean;
  /** The viewer's own state, kept with its tab: its flip, whether it shows annotations. */
  tabState: ViewerTabState;
  changeTabState(change: Partial<ViewerTabState>): void;
  /** The immunofluorescence display (split, grayscale, the equalization panel). */
  fluorescence: Pick<
    Fluorescence,
    | 'isFluorescence'
    | 'isSplit'
    | 'setSplit'
    | 'isGrayscale'
    | 'setGrayscale'
    | 'isPanelOpen'
    | 'setPanelOpen'
  >;
  /** The annotation tools: modes, the selection and its edits, undo and redo. */
  tools: AnnotationTools;
}

/**
 * A toolbar mode button (spec 2 §2 toolbar, §4 "Interaction modes"): offered with annotationsManage
 * (spec 2 §6), usable on a set's working state; the ruler measures for everyone, set or not.
 */
const modeAction = (id: string, mode: InteractionMode, label: string): Action<ViewerContext> => ({
  id,
  label,
  isAvailable: (c) => mode === 'Ruler' || c.tools.canManage,
  isEnabled: (c) => c.map !== null && (mode === 'Ruler' || c.tools.canEdit),
  disabledReason: (c) => c.tools.editBlocker ?? '',
  perform: (c) => c.tools.toggleMode(mode),
});

/** Edits of the selection: offered with annotationsManage, on a set's working state. */
const canEditSelection = (c: ViewerContext) => c.tools.canEdit && c.tools.selected.length > 0;

const magnify = (m: number): Action<ViewerContext> => ({
  id: `viewer.magnify.${m}`,
  label: `${m}×`,
  isEnabled: (c) => c.map !== null,
  perform: (c) => c.map?.magnify(m),
});

export const VIEWER_ACTIONS = createActionRegistry<ViewerContext>([
  {
    id: 'viewer.backToSlides',
    label: 'Back to the slide list',
    perform: (c) => c.navigation.backToSlides(),
  },
  {
    id: 'viewer.previousSlide',
    label: 'Previous slide',
    isEnabled: (c) => c.neighbours.previous !== null,
    perform: (c) => c.neighbours.previous && c.navigation.replaceSlide(c.neighbours.previous),
  },
  {
    id: 'viewer.nextSlide',
    label: 'Next slide',
    isEnabled: (c) => c.neighbours.next !== null,
    perform: (c) => c.neighbours.next && c.navigation.replaceSlide(c.neighbours.next),
  },
  {
    id: 'viewer.fit',
    label: 'Fit image to the view',
    isEnabled: (c) => c.map !== null,
    perform: (c) => c.map?.fit(),
  },
  ...MAGNIFICATIONS.map(magnify),
  {
    id: 'viewer.flip',
    label: 'Flip slide',
    isEnabled: (c) => c.map !== null,
    perform: (c) => c.changeTabState({ isFlipped: !c.tabState.isFlipped }),
  },
  {
    id: 'viewer.toggleSplitChannels',
    label: (c) => (c.fluorescence.isSplit ? FLUORESCENCE_LABELS.combine : FLUORESCENCE_LABELS.split),
    isAvailable: (c) => c.fluorescence.isFluorescence,
    perform: (c) => c.fluorescence.setSplit(!c.fluorescence.isSplit),
  },
  {
    id: 'viewer.toggleGrayscale',
    label: (c) => (c.fluorescence.isGrayscale ? FLUORESCENCE_LABELS.colored : FLUORESCENCE_LABELS.grayscale),
    isAvailable: (c) => c.fluorescence.isFluorescence,
    perform: (c) => c.fluorescence.setGrayscale(!c.fluorescence.isGrayscale),
  },
  {
    id: 'viewer.toggleEqualization',
    label: 'Equalization',
    isAvailable: (c) => c.fluorescence.isFluorescence,
    perform: (c) => c.fluorescence.setPanelOpen(!c.fluorescence.isPanelOpen),
  },
  {
    id: 'viewer.togglePixelSmoothing',
    label: 'Pixel smoothing',
    perform: (c) => c.changeSettings({ pixelPerfectModeOn: !c.settings.pixelPerfectModeOn }),
  },
  {
    id: 'viewer.toggleIccProfile',
    label: 'ICC colour profile',
    isEnabled: (c) => c.hasIccProfile,
    perform: (c) => c.changeSettings({ iccColorProfileOn: !c.settings.iccColorProfileOn }),
  },
  // Spec 2 §2 keyboard shortcuts: Alt/Option with A, S or F (on a Mac, Option+A types 'å': the key's
  // position counts, see shortcut.ts).
  {
    id: 'viewer.toggleAnnotations',
    label: 'Show annotations',
    shortcuts: ['Alt+A'],
    perform: (c) => c.changeTabState({ annotationsVisible: !c.tabState.annotationsVisible }),
  },
  {
    id: 'viewer.toggleLabels',
    label: 'Show labels',
    shortcuts: ['Alt+S'],
    perform: (c) => c.changeSettings({ annotationLabelsVisible: !c.settings.annotationLabelsVisible }),
  },
  modeAction('viewer.ruler', 'Ruler', 'Ruler'),
  modeAction('viewer.cellMarkers', 'Cma', 'Cell markers'),
  modeAction('viewer.fieldOfView', 'FieldOfView', 'Field of view'),
  {
    id: 'viewer.snap',
    label: 'Snap to outline',
    isAvailable: (c) => c.tools.canManage,
    // Spec 2 §4: the snap toggle is enabled only in Drawing mode.
    isEnabled: (c) => isSnapAvailable(c.tools.mode),
    perform: (c) => c.tools.changeSettings({ snapActive: !c.tools.settings.snapActive }),
  },
  modeAction('viewer.drawing', 'Drawing', 'Drawing'),
  modeAction('viewer.move', 'Transform', 'Move annotations'),
  {
    id: 'viewer.undo',
    // Named apart from the QC panel's Undo and Redo (slide metadata), which share the viewer's page.
    label: 'Undo annotation edit',
    shortcuts: ['Mod+Z'],
    isAvailable: (c) => c.tools.canManage,
    isEnabled: (c) => c.tools.canEdit && c.tools.canUndo,
    perform: (c) => c.tools.undo(),
  },
  {
    id: 'viewer.redo',
    label: 'Redo annotation edit',
    shortcuts: ['Mod+Y', 'Mod+Shift+Z'],
    appleShortcut: 'Mod+Shift+Z',
    isAvailable: (c) => c.tools.canManage,
    isEnabled: (c) => c.tools.canEdit && c.tools.canRedo,
    perform: (c) => c.tools.redo(),
  },
  {
    id: 'viewer.editAnnotationMetadata',
    label: 'Edit Metadata',
    isAvailable: (c) => c.tools.canManage,
    isEnabled: (c) => c.tools.canEditMetadata,
    perform: (c) => c.tools.editMetadata(),
  },
  {
    id: 'viewer.deleteAnnotations',
    label: 'Delete Annotations',
    shortcuts: ['Delete'],
    isAvailable: (c) => c.tools.canManage,
    // Cell markers selected on the map are deleted with the regions.
    isEnabled: (c) => canEditSelection(c) || (c.tools.canEdit && c.tools.markerSelection.size > 0),
    perform: (c) => c.tools.deleteSelection(false),
  },
  {
    id: 'viewer.lockAnnotations',
    label: 'Lock Annotations',
    isAvailable: (c) => c.tools.canManage,
    isEnabled: (c) => canEditSelection(c) && lockOffer(c.tools.selected).canLock,
    perform: (c) => c.tools.lockSelection(true),
  },
  {
    id: 'viewer.unlockAnnotations',
    label: 'Unlock Annotations',
    isAvailable: (c) => c.tools.canManage,
    isEnabled: (c) => canEditSelection(c) && lockOffer(c.tools.selected).canUnlock,
    perform: (c) => c.tools.lockSelection(false),
  },
  {
    id: 'viewer.copyAnnotationUrl',
    label: 'Copy Annotation URL',
    isEnabled: (c) => c.tools.selection.size === 1,
    perform: (c) => c.tools.copyAnnotationUrl(),
  },
  {
    id: 'viewer.toggleAnnotationFill',
    label: 'Annotation fill',
    shortcuts: ['Alt+F'],
    perform: (c) => c.changeSettings({ annotationFillEnabled: !c.settings.annotationFillEnabled }),
  },
]);
