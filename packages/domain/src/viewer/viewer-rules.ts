/**
 * The slide viewer's rules and constants (spec 2 §2, §8, §9) that hold without a map: the deep link's
 * bounding box, the magnification steps, the layer order, the fit and sync timings. Pure, shared by the
 * web's viewer (apps/web/src/viewer) and its tests.
 */

/** Spec 2 §8: the viewer's messages this module's rules raise. */
export const VIEWER_MESSAGES = {
  invalidBbox: 'Bounding box is not valid (expected format: bbox=1,2,3,4)',
  bboxOutsideImage: 'Invalid bounding box for image',
  imageInfoUnavailable: 'ImageInfo unavailable',
  slideNotFound: (id: string) => `Slide with id ${id} not found.`,
  loading: 'Loading slide',
  notFound: 'Slide could not be found',
  /** Spec 2 §2: the deep link's annotation_id names no annotation of the set. */
  annotationNotFound: 'Annotation does not exist',
  /** Spec 2 §8 / spec 3 §8: a project tool config (tool-configs.ts) that could not be read or saved. */
  configurationFetchFailed: (message: string) => `Configuration fetch failed: ${message}`,
  configurationUpdateFailed: (message: string) => `Unable to update config: ${message}`,
} as const;

/** Spec 2 §2: the magnification buttons, in the toolbar's order. */
export const MAGNIFICATIONS = [2.5, 5, 10, 20, 40] as const;

/** Spec 2 §9: fit to screen animates for 750 ms and leaves 16 px on each side. */
export const FIT_ANIMATION_MS = 750;
export const FIT_PADDING_PX = 16;

/** Spec 2 §9: a slider's value is acted on once it has rested this long (equalization, opacity, …). */
export const SLIDER_DEBOUNCE_MS = 300;

/** Spec 2 §9 "Layer stacking": the z-index of every layer kind, lowest first. */
export const LAYER_Z = {
  slide: 1,
  results: 5,
  image: 7,
  annotationsUnderlay: 10,
  annotations: 20,
  overlay: 30,
  drawingIndicator: 40,
  errors: 100,
} as const;

/** An axis-aligned box in image pixels, y downwards (the image's own orientation). */
export interface PixelBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export type BboxResult = { box: PixelBox } | { error: string };

/**
 * The `bbox` query parameter (spec 2 §2): four comma-separated finite numbers minX,minY,maxX,maxY in
 * image pixels (y downwards). Anything else is refused with the spec's message; a box that is empty or
 * lies wholly outside the image (when its size is known) is 'Invalid bounding box for image'.
 */
export function parseBbox(text: string, imageSize?: { w: number; h: number }): BboxResult {
  const parts = text.split(',');
  // Number('') is 0 and Number(' 1') is 1: only plain decimal numbers count.
  if (parts.length !== 4 || !parts.every((p) => /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(p)))
    return { error: VIEWER_MESSAGES.invalidBbox };
  const [minX, minY, maxX, maxY] = parts.map(Number) as [number, number, number, number];
  if (![minX, minY, maxX, maxY].every(Number.isFinite)) return { error: VIEWER_MESSAGES.invalidBbox };
  const box = { minX, minY, maxX, maxY };
  const isEmpty = maxX <= minX || maxY <= minY;
  const isOutside =
    imageSize !== undefined && (maxX <= 0 || maxY <= 0 || minX >= imageSize.w || minY >= imageSize.h);
  return isEmpty || isOutside ? { error: VIEWER_MESSAGES.bboxOutsideImage } : { box };
}

/**
 * A box as a map extent [minX, minY, maxX, maxY]: the map's y axis points up, the image's down, so the
 * Y values are negated when read (spec 2 §2) and the two swap places.
 */
export function mapExtentOf(box: PixelBox): [number, number, number, number] {
  return [box.minX, -box.maxY, box.maxX, -box.minY];
}

/** The image box a map extent shows (the inverse of mapExtentOf). */
export function pixelBoxOf(extent: readonly number[]): PixelBox {
  const [minX, minY, maxX, maxY] = extent as [number, number, number, number];
  return { minX, minY: -maxY, maxX, maxY: -minY };
}

/**
 * The map resolution (image pixels per screen pixel) that shows a slide scanned at `scanMagnification`
 * at `magnification`: a 40× scan viewed at 10× shows 4 image pixels per screen pixel.
 */
export function resolutionForMagnification(scanMagnification: number, magnification: number): number {
  return scanMagnification / magnification;
}

/** The magnification a resolution shows (the inverse of resolutionForMagnification). */
export function magnificationAt(scanMagnification: number, resolution: number): number {
  return scanMagnification / resolution;
}

/**
 * Spec 2 §2, §9: the side panel's modes ('none' is closed, the default), its minimum width, and the
 * weights of the main layout's split (side panel 30, viewers 100).
 */
export const SIDE_PANEL_MODES = ['none', 'list', 'qc', 'annotations', 'results'] as const;
export type SidePanelMode = (typeof SIDE_PANEL_MODES)[number];
export const SIDE_PANEL_MIN_WIDTH = 250;
export const MAIN_LAYOUT_WEIGHTS = [30, 100] as const;
