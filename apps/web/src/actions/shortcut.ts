/**
 * Key chords of actions, written once as text ('Mod+Shift+Z', 'ArrowDown', 'Char') and used both to
 * match key presses and to show the hint in tooltips and menus. 'Mod' is Ctrl or ⌘: either key works on
 * every platform (a Mac user with an external keyboard presses Ctrl), and the hint shows the one the
 * platform's users expect.
 */

/** What a key press is made of: the fields of a KeyboardEvent that chords read. */
export interface KeyPress {
  key: string;
  /** The physical key ('KeyA'): with Option held a Mac types another character ('å') than the key's. */
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface Chord {
  /** A KeyboardEvent key ('z', 'ArrowDown', ' '), or CHAR for any printable character. */
  key: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

/** The key of a chord that any printable character matches (typing into a cell starts editing it). */
export const CHAR = 'Char';

const KEY_NAMES: Record<string, string> = { Space: ' ', Esc: 'Escape' };

/** Parses 'Mod+Shift+Z' into a chord; a typo in a chord is a programming error, so it throws. */
export function parseChord(text: string): Chord {
  const parts = text.split('+');
  const last = parts.pop();
  if (!last) throw new Error(`A chord needs a key: '${text}'`);
  const chord: Chord = {
    key: KEY_NAMES[last] ?? (last.length === 1 ? last.toLowerCase() : last),
    mod: false,
    shift: false,
    alt: false,
  };
  for (const part of parts) {
    if (part === 'Mod') chord.mod = true;
    else if (part === 'Shift') chord.shift = true;
    else if (part === 'Alt') chord.alt = true;
    else throw new Error(`Unknown modifier '${part}' in '${text}'`);
  }
  return chord;
}

/**
 * Whether a key press fits a chord: its key, and every modifier the chord names held. A modifier the
 * chord does not name may be held too (Ctrl+ArrowDown moves like ArrowDown); when several chords fit,
 * the one naming the most modifiers wins (see `specificity`), so Mod+Shift+Z is not taken for Mod+Z.
 * CHAR fits a printable character typed without Mod or Alt (those are other commands: copy, paste);
 * Shift is part of the character there.
 */
export function matchesChord(chord: Chord, press: KeyPress): boolean {
  const mod = press.ctrlKey || press.metaKey;
  if (chord.key === CHAR) return press.key.length === 1 && !mod && !press.altKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key !== chord.key && !isOptionLetter(chord, press)) return false;
  return (!chord.mod || mod) && (!chord.shift || press.shiftKey) && (!chord.alt || press.altKey);
}

/** An Alt+letter chord pressed as Option+letter on a Mac, where the key types a symbol: the key's code counts. */
const isOptionLetter = (chord: Chord, press: KeyPress): boolean =>
  chord.alt && press.altKey && /^[a-z]$/.test(chord.key) && press.code === `Key${chord.key.toUpperCase()}`;

/** How many modifiers a chord names: the tie-breaker between chords that fit one key press. */
export const specificity = (chord: Chord): number =>
  Number(chord.mod) + Number(chord.shift) + Number(chord.alt);

/** Apple platforms show ⌘ for Mod and the modifiers as symbols (spec 2: Command + Z on Mac). */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

const KEY_LABELS: Record<string, string> = {
  ' ': 'Space',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
};

/** The hint of a chord: 'Ctrl+Shift+Z' elsewhere, '⇧⌘Z' on Apple platforms. */
export function formatChord(chord: Chord, isApple: boolean): string {
  const key = KEY_LABELS[chord.key] ?? (chord.key.length === 1 ? chord.key.toUpperCase() : chord.key);
  if (isApple) return `${chord.alt ? '⌥' : ''}${chord.shift ? '⇧' : ''}${chord.mod ? '⌘' : ''}${key}`;
  return [chord.mod && 'Ctrl', chord.alt && 'Alt', chord.shift && 'Shift', key].filter(Boolean).join('+');
}
