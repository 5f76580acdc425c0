/**
 * How annotations are shown (spec 2 §2 display tools, §3 global view settings, §9): shown or hidden per
 * viewer, labels on or off, and the fill of region outlines on or off at an opacity of 0–100. The user
 * picks these in the viewer's display tools or with Alt+A/S/F; the annotation layers draw by them.
 */

/** Spec 2 §9 "Annotation fill": on by default; opacity 0 to 100, default 50. */
export const ANNOTATION_FILL_OPACITY = { min: 0, max: 100, default: 50 } as const;

/** Spec 2 §9: outlines are drawn at half opacity. */
export const ANNOTATION_OUTLINE_OPACITY = 0.5;

export interface AnnotationDisplay {
  /** Spec 2 §3 annotationsConfig.annotationsVisible: per viewer, default shown. */
  isVisible: boolean;
  /** Spec 2 §3 annotation label visibility: remembered in the browser, default shown. */
  areLabelsVisible: boolean;
  /** Spec 2 §3 annotationFillEnabled: default on. */
  isFilled: boolean;
  /** Spec 2 §3 annotationFillOpacity, 0–100. */
  fillOpacity: number;
}

/** An opacity as the user may set it: a whole number within 0–100; anything else is the default. */
export function annotationFillOpacityOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ANNOTATION_FILL_OPACITY.default;
  return Math.min(ANNOTATION_FILL_OPACITY.max, Math.max(ANNOTATION_FILL_OPACITY.min, Math.round(value)));
}

/** The alpha a region's fill is drawn with: the opacity divided by 100 (spec 2 §9), 0 with the fill off. */
export function annotationFillAlpha(display: Pick<AnnotationDisplay, 'isFilled' | 'fillOpacity'>): number {
  return display.isFilled ? annotationFillOpacityOf(display.fillOpacity) / 100 : 0;
}

/** Spec 2 §7 "Annotation loading": what a failed read of a set's annotations says. */
export const ANNOTATION_LOAD_MESSAGES = {
  regions: 'Unable to load annotations',
  markers: 'Unable to load cellmarkers',
} as const;

/** Spec 3 §2 "Annotations tab": the hint with no set chosen, and the text when the slide has none. */
export const ANNOTATIONS_TAB_TEXTS = {
  hint: 'To start working with annotations create an annotation set or select one',
  empty: 'No annotation set available',
} as const;

/** Said over the map when even the centres of the regions in view were more than one answer holds. */
export const ANNOTATIONS_CROWDED = 'Too many annotations here to show them all: zoom in to see each one';
