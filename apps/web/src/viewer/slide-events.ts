/**
 * Events a slide map's element receives (`npm run bench -- viewer` times the viewer by them; this module
 * has no imports so Node can read it). Drawn: the view is fully drawn (OpenLayers' rendercomplete: every
 * visible tile loaded and drawn, no animation running); the element is aria-busy in between. Moved: the
 * view came to rest after a change (moveend: a pan released, a zoom's animation done).
 */
export const SLIDE_DRAWN_EVENT = 'slidemap:drawn';
export const SLIDE_MOVED_EVENT = 'slidemap:moved';
