import { describe, expect, it } from 'vitest';
import { CHAR, formatChord, matchesChord, parseChord, specificity, type KeyPress } from './shortcut.ts';

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('chords', () => {
  it('parse modifiers and keys; letters are matched in lower case, Space is the space key', () => {
    expect(parseChord('Mod+Shift+Z')).toEqual({ key: 'z', mod: true, shift: true, alt: false });
    expect(parseChord('ArrowDown')).toEqual({ key: 'ArrowDown', mod: false, shift: false, alt: false });
    expect(parseChord('Space').key).toBe(' ');
    expect(() => parseChord('Ctrl+Z')).toThrow("Unknown modifier 'Ctrl'");
  });

  it('Mod is Ctrl or ⌘ on every platform; Shift is told apart', () => {
    const undo = parseChord('Mod+Z');
    expect(matchesChord(undo, press('z', { ctrlKey: true }))).toBe(true);
    expect(matchesChord(undo, press('z', { metaKey: true }))).toBe(true);
    expect(matchesChord(undo, press('Z', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(matchesChord(undo, press('z'))).toBe(false);
    expect(matchesChord(parseChord('Mod+Shift+Z'), press('z', { ctrlKey: true }))).toBe(false);
    expect(specificity(parseChord('Mod+Shift+Z'))).toBeGreaterThan(specificity(undo));
  });

  it('a modifier the chord does not name may be held (Ctrl+ArrowDown moves as ArrowDown)', () => {
    expect(matchesChord(parseChord('ArrowDown'), press('ArrowDown', { ctrlKey: true }))).toBe(true);
    expect(matchesChord(parseChord('ArrowDown'), press('ArrowUp'))).toBe(false);
  });

  it('Alt+letter fits Option+letter on a Mac, which types a symbol, by the key pressed (spec 2 Alt/Option + A)', () => {
    const toggle = parseChord('Alt+A');
    expect(matchesChord(toggle, press('a', { altKey: true, code: 'KeyA' }))).toBe(true);
    expect(matchesChord(toggle, press('å', { altKey: true, code: 'KeyA' }))).toBe(true);
    expect(matchesChord(toggle, press('å', { code: 'KeyA' }))).toBe(false);
    expect(matchesChord(toggle, press('a', { code: 'KeyA' }))).toBe(false);
    expect(matchesChord(toggle, press('ß', { altKey: true, code: 'KeyS' }))).toBe(false);
    // Without Alt a chord's letter is the character typed, wherever the layout puts it.
    expect(matchesChord(parseChord('Mod+Z'), press('y', { ctrlKey: true, code: 'KeyZ' }))).toBe(false);
  });

  it('CHAR is a printable character typed without Mod or Alt (those are copy, paste and the like)', () => {
    const char = parseChord(CHAR);
    expect(matchesChord(char, press('a'))).toBe(true);
    expect(matchesChord(char, press('A', { shiftKey: true }))).toBe(true);
    expect(matchesChord(char, press(' '))).toBe(true);
    expect(matchesChord(char, press('c', { ctrlKey: true }))).toBe(false);
    expect(matchesChord(char, press('v', { metaKey: true }))).toBe(false);
    expect(matchesChord(char, press('a', { altKey: true }))).toBe(false);
    expect(matchesChord(char, press('Enter'))).toBe(false);
  });

  it('hints: Ctrl+… elsewhere, symbols on Apple platforms (spec 2: Command + Z on Mac)', () => {
    expect(formatChord(parseChord('Mod+Z'), false)).toBe('Ctrl+Z');
    expect(formatChord(parseChord('Mod+Shift+Z'), false)).toBe('Ctrl+Shift+Z');
    expect(formatChord(parseChord('Mod+Z'), true)).toBe('⌘Z');
    expect(formatChord(parseChord('Mod+Shift+Z'), true)).toBe('⇧⌘Z');
    expect(formatChord(parseChord('Alt+A'), true)).toBe('⌥A');
    expect(formatChord(parseChord('Delete'), false)).toBe('Delete');
  });
});
