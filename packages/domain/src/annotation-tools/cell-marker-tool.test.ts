import { describe, expect, it } from 'vitest';
import {
  activeEntryOf,
  assignShortcut,
  DEFAULT_CELL_MARKER_SETTINGS,
  isHotkey,
  shortcutMeaning,
  toggledClasses,
  withClassPicked,
  withClassRemoved,
  withMode,
  withoutShortcut,
} from './cell-marker-tool.ts';

const defaults = { positive: 'q', negative: 'w', uncertain: 'e', '0': 'a', '1+': 's', '2+': 'd', '3+': 'f' };

describe('cell marker tool (spec 2 §4, §5)', () => {
  it('resets the other value when the mode switches', () => {
    const s = { ...DEFAULT_CELL_MARKER_SETTINGS, rating: 'negative' as const, ranking: '2+' as const };
    expect(withMode(s, 'ranking')).toMatchObject({ mode: 'ranking', rating: 'positive', ranking: '0' });
    expect(withMode(s, 'rating')).toBe(s);
  });

  it('adds a picked class and makes it active; removing the active one clears it', () => {
    const picked = withClassPicked(
      withClassPicked(DEFAULT_CELL_MARKER_SETTINGS, 'Tumor cell'),
      'Immune cell',
    );
    expect(picked.classes).toEqual(['Tumor cell', 'Immune cell']);
    expect(picked.activeClassId).toBe('Immune cell');
    expect(withClassPicked(picked, 'Tumor cell').classes).toHaveLength(2);
    expect(withClassRemoved(picked, 'Immune cell')).toMatchObject({
      classes: ['Tumor cell'],
      activeClassId: null,
    });
    expect(withClassRemoved(picked, 'Tumor cell').activeClassId).toBe('Immune cell');
  });

  it('writes the active class with the rating or the ranking, and nothing without a class', () => {
    expect(activeEntryOf(DEFAULT_CELL_MARKER_SETTINGS)).toBeNull();
    const s = withClassPicked(DEFAULT_CELL_MARKER_SETTINGS, 'Tumor cell');
    expect(activeEntryOf(s)).toEqual({ classId: 'Tumor cell', rating: 'positive' });
    expect(activeEntryOf({ ...withMode(s, 'ranking'), ranking: '3+' })).toEqual({
      classId: 'Tumor cell',
      ranking: '3+',
    });
  });

  it('toggles a class on a marker; the last class removed deletes it', () => {
    const tumour = { classId: 'Tumor cell', rating: 'positive' as const };
    const immune = { classId: 'Immune cell', ranking: '1+' as const };
    expect(toggledClasses([tumour], immune)).toEqual([tumour, immune]);
    expect(toggledClasses([tumour, immune], { classId: 'Immune cell' })).toEqual([tumour]);
    expect(toggledClasses([tumour], { classId: 'Tumor cell', rating: 'negative' })).toBeNull();
  });

  it('reads keys as ratings, rankings or classes, case-insensitive', () => {
    const mapped = { ...defaults, 'Tumor cell': 'x' };
    expect(shortcutMeaning(mapped, 'q')).toEqual({ kind: 'rating', rating: 'positive' });
    expect(shortcutMeaning(mapped, 'F')).toEqual({ kind: 'ranking', ranking: '3+' });
    expect(shortcutMeaning(mapped, 'x')).toEqual({ kind: 'class', classId: 'Tumor cell' });
    expect(shortcutMeaning(mapped, 'z')).toBeNull();
  });

  it('takes a key from its holder when it is assigned; only letters and digits', () => {
    const next = assignShortcut(defaults, 'Tumor cell', 'Q');
    expect(next['Tumor cell']).toBe('q');
    expect(next.positive).toBeUndefined();
    expect(withoutShortcut(next, 'Tumor cell')['Tumor cell']).toBeUndefined();
    expect(isHotkey('7')).toBe(true);
    expect(isHotkey('ab')).toBe(false);
    expect(isHotkey('-')).toBe(false);
  });
});
