/**
 * The cell marker tool (spec 2 §3 cmaSettings, §4 "Cell marker", §5 "Hotkeys"): markers are placed in the
 * active class with the active rating (positive, negative, uncertain) or ranking (0, 1+, 2+, 3+) by a
 * click or a mapped key; a click on a marker toggles the class on it, and removing its last class deletes
 * it. Keys are mapped to ratings, rankings and classes ("mode-or-classId to key"); a key taken for one is
 * taken from whichever held it.
 */
import {
  CELL_MARKER_RANKINGS,
  CELL_MARKER_RATINGS,
  type CellMarkerClass,
} from '../annotations/annotation-features.ts';

/** Spec 2 §8 empty state: placing a marker, or the panel, with no class chosen. */
export const NO_CLASS_SELECTED = 'No class selected';

export type CellMarkerRating = (typeof CELL_MARKER_RATINGS)[number];
export type CellMarkerRanking = (typeof CELL_MARKER_RANKINGS)[number];
export const CELL_MARKER_MODES = ['rating', 'ranking'] as const;
export type CellMarkerMode = (typeof CELL_MARKER_MODES)[number];

export interface CellMarkerSettings {
  mode: CellMarkerMode;
  rating: CellMarkerRating;
  ranking: CellMarkerRanking;
  /** The classes listed in the panel, in the order added; the active one among them or null. */
  classes: readonly string[];
  activeClassId: string | null;
}

/** Spec 2 §4: the defaults a mode switch returns the other value to. */
export const DEFAULT_CELL_MARKER_SETTINGS: CellMarkerSettings = {
  mode: 'rating',
  rating: 'positive',
  ranking: '0',
  classes: [],
  activeClassId: null,
};

/** Spec 2 §4: switching between rating and ranking resets the other value. */
export const withMode = (settings: CellMarkerSettings, mode: CellMarkerMode): CellMarkerSettings =>
  mode === settings.mode
    ? settings
    : {
        ...settings,
        mode,
        rating: DEFAULT_CELL_MARKER_SETTINGS.rating,
        ranking: DEFAULT_CELL_MARKER_SETTINGS.ranking,
      };

/** Spec 2 §4: picking a class adds it to the list and makes it active. */
export const withClassPicked = (settings: CellMarkerSettings, classId: string): CellMarkerSettings => ({
  ...settings,
  classes: settings.classes.includes(classId) ? settings.classes : [...settings.classes, classId],
  activeClassId: classId,
});

/** Spec 2 §4: deleting a class clears the active class if it was that one (its shortcut goes too). */
export const withClassRemoved = (settings: CellMarkerSettings, classId: string): CellMarkerSettings => ({
  ...settings,
  classes: settings.classes.filter((c) => c !== classId),
  activeClassId: settings.activeClassId === classId ? null : settings.activeClassId,
});

/** The entry a new marker, or a toggle, writes: the active class with its rating or ranking. */
export function activeEntryOf(settings: CellMarkerSettings): CellMarkerClass | null {
  if (!settings.activeClassId) return null;
  return settings.mode === 'rating'
    ? { classId: settings.activeClassId, rating: settings.rating }
    : { classId: settings.activeClassId, ranking: settings.ranking };
}

/**
 * Spec 2 §4: toggling a class on a marker — a marker holding the class loses it, one without gains it.
 * Answers the marker's new classes, or null when it has none left (it is deleted).
 */
export function toggledClasses(
  classes: readonly CellMarkerClass[],
  entry: CellMarkerClass,
): CellMarkerClass[] | null {
  const kept = classes.filter((c) => c.classId !== entry.classId);
  if (kept.length < classes.length) return kept.length > 0 ? kept : null;
  return [...classes, entry];
}

/** What a key mapped in the panel does. */
export type ShortcutMeaning =
  | { kind: 'rating'; rating: CellMarkerRating }
  | { kind: 'ranking'; ranking: CellMarkerRanking }
  | { kind: 'class'; classId: string };

export function shortcutMeaning(
  mappedShortcuts: Readonly<Record<string, string>>,
  key: string,
): ShortcutMeaning | null {
  const pressed = key.toLowerCase();
  const target = Object.keys(mappedShortcuts).find((t) => mappedShortcuts[t]!.toLowerCase() === pressed);
  if (target === undefined) return null;
  if ((CELL_MARKER_RATINGS as readonly string[]).includes(target))
    return { kind: 'rating', rating: target as CellMarkerRating };
  if ((CELL_MARKER_RANKINGS as readonly string[]).includes(target))
    return { kind: 'ranking', ranking: target as CellMarkerRanking };
  return { kind: 'class', classId: target };
}

/** Spec 2 §5: a hotkey is a single letter or digit. */
export const isHotkey = (key: string): boolean => /^[A-Za-z0-9]$/.test(key);

/** Spec 2 §4 "Hotkey assignment": `target` gets `key`, taken from whichever mode or class held it. */
export function assignShortcut(
  mappedShortcuts: Readonly<Record<string, string>>,
  target: string,
  key: string,
): Record<string, string> {
  const folded = key.toLowerCase();
  const next: Record<string, string> = {};
  for (const [t, k] of Object.entries(mappedShortcuts)) if (k.toLowerCase() !== folded) next[t] = k;
  next[target] = folded;
  return next;
}

/** Deleting a class from the panel removes its shortcut. */
export function withoutShortcut(
  mappedShortcuts: Readonly<Record<string, string>>,
  target: string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(mappedShortcuts).filter(([t]) => t !== target));
}
