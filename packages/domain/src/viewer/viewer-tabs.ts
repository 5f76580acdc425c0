/**
 * The viewer's open slides (spec 2 §2 "Viewer navigation actions"): one viewer per tab, each with its
 * own viewer id (viewerId1, viewerId2, … — spec 2 §9), and the active one. These are the rules; the web
 * lays the viewers out as tabs and applies what these answer.
 */

export interface OpenViewer {
  /** 'viewerId1', 'viewerId2', …: the key of the viewer's state; it stays while the viewer lives. */
  readonly viewerId: string;
  readonly slideId: string;
}

export interface OpenSlides {
  readonly viewers: readonly OpenViewer[];
  /** The index of the active viewer in `viewers`. */
  readonly activeIndex: number;
}

/** Spec 2 §8 "Navigation": an index out of bounds is logged and the state left as it is. */
export const TAB_MESSAGES = {
  switchOutOfBounds: 'Slide id index out of bounds!',
  removeOutOfBounds: 'Slide remove index out of bounds!',
} as const;

export type TabsChange = { slides: OpenSlides } | { error: string };

const VIEWER_ID = /^viewerId([1-9][0-9]{0,5})$/;

/** The next free viewer id: one above the highest in use, so a closed viewer's id is not reused at once. */
export function nextViewerId(viewers: readonly OpenViewer[]): string {
  const numbers = viewers.map((v) => Number(VIEWER_ID.exec(v.viewerId)?.[1] ?? 0));
  return `viewerId${Math.max(0, ...numbers) + 1}`;
}

export function isViewerId(value: string): boolean {
  return VIEWER_ID.test(value);
}

/** A first viewer showing `slideId`. */
export function openSlidesOf(slideId: string): OpenSlides {
  return { viewers: [{ viewerId: 'viewerId1', slideId }], activeIndex: 0 };
}

/** The active viewer, or undefined for a state without viewers. */
export function activeViewerOf(slides: OpenSlides): OpenViewer | undefined {
  return slides.viewers[slides.activeIndex];
}

/** Open by slide id: a slide already open becomes active; otherwise it replaces the active slide. */
export function openSlide(slides: OpenSlides, slideId: string): OpenSlides {
  const open = slides.viewers.findIndex((v) => v.slideId === slideId);
  if (open >= 0) return { ...slides, activeIndex: open };
  return replaceSlide(slides, slideId);
}

/** Append as a new tab, which becomes active; a slide already open is switched to instead. */
export function appendSlide(slides: OpenSlides, slideId: string): OpenSlides {
  const open = slides.viewers.findIndex((v) => v.slideId === slideId);
  if (open >= 0) return { ...slides, activeIndex: open };
  const viewers = [...slides.viewers, { viewerId: nextViewerId(slides.viewers), slideId }];
  return { viewers, activeIndex: viewers.length - 1 };
}

/** Replace the active viewer's slide (its viewer id stays: the tab stays where it is). */
export function replaceSlide(slides: OpenSlides, slideId: string): OpenSlides {
  const active = activeViewerOf(slides);
  if (!active) return openSlidesOf(slideId);
  const open = slides.viewers.findIndex((v) => v.slideId === slideId);
  if (open >= 0) return { ...slides, activeIndex: open };
  const viewers = slides.viewers.map((v, i) => (i === slides.activeIndex ? { ...v, slideId } : v));
  return { viewers, activeIndex: slides.activeIndex };
}

/** Switch by index. */
export function switchSlide(slides: OpenSlides, index: number): TabsChange {
  if (!isIndexOf(slides, index)) return { error: TAB_MESSAGES.switchOutOfBounds };
  return { slides: { ...slides, activeIndex: index } };
}

/**
 * Remove by index. The last slide is never removed (closing the last tab is ignored); removing the
 * active one makes its right neighbour active, or its left one at the end.
 */
export function removeSlide(slides: OpenSlides, index: number): TabsChange {
  if (!isIndexOf(slides, index)) return { error: TAB_MESSAGES.removeOutOfBounds };
  if (slides.viewers.length === 1) return { slides };
  const viewers = slides.viewers.filter((_, i) => i !== index);
  const { activeIndex } = slides;
  const next = index < activeIndex ? activeIndex - 1 : Math.min(activeIndex, viewers.length - 1);
  return { slides: { viewers, activeIndex: next } };
}

function isIndexOf(slides: OpenSlides, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < slides.viewers.length;
}

/**
 * Spec 3 §2 "Slides tab", §9: the viewer's slide list (the slide table's filter and sort) holds at
 * most 10,000 slides; beyond that only the open slide's block is loaded, with this warning.
 */
export const SLIDE_LIST_LIMIT = 10_000;
export const SLIDE_LIST_MESSAGES = {
  tooMany: 'There are too many slides to display. Only slides with the same Block ID have been loaded.',
  filterHint: 'Filter your slide selection to < 10k.',
} as const;

/** Previous and next slide of the list (spec 2 §2): null at either end, or both when the slide is not in it. */
export function neighboursOf(
  slideIds: readonly string[],
  slideId: string,
): { previous: string | null; next: string | null } {
  const i = slideIds.indexOf(slideId);
  if (i < 0) return { previous: null, next: null };
  return { previous: slideIds[i - 1] ?? null, next: slideIds[i + 1] ?? null };
}
