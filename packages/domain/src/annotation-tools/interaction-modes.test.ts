import { describe, expect, it } from 'vitest';
import {
  effectiveMode,
  isSnapAvailable,
  modeAfterToggle,
  selectsIn,
  showsAnnotations,
} from './interaction-modes.ts';

describe('interaction modes (spec 2 §4)', () => {
  it('a button switches to its mode, and pressed again returns to Selection', () => {
    expect(modeAfterToggle('Selection', 'Drawing')).toBe('Drawing');
    expect(modeAfterToggle('Drawing', 'Ruler')).toBe('Ruler');
    expect(modeAfterToggle('Ruler', 'Ruler')).toBe('Selection');
  });

  it('is None while annotations are hidden, whatever was chosen', () => {
    expect(effectiveMode({ selectedMode: 'Drawing', annotationsVisible: false, hasSet: true })).toBe('None');
    expect(effectiveMode({ selectedMode: 'Ruler', annotationsVisible: false, hasSet: false })).toBe('None');
  });

  it('is the chosen mode with a set, and without one Selection except for Ruler and Sam', () => {
    expect(effectiveMode({ selectedMode: 'FieldOfView', annotationsVisible: true, hasSet: true })).toBe(
      'FieldOfView',
    );
    expect(effectiveMode({ selectedMode: 'Drawing', annotationsVisible: true, hasSet: false })).toBe(
      'Selection',
    );
    expect(effectiveMode({ selectedMode: 'Ruler', annotationsVisible: true, hasSet: false })).toBe('Ruler');
    expect(effectiveMode({ selectedMode: 'Sam', annotationsVisible: true, hasSet: false })).toBe('Sam');
  });

  it('shows annotations for every mode but None and Selection; snap only while drawing', () => {
    expect(showsAnnotations('Transform')).toBe(true);
    expect(showsAnnotations('Selection')).toBe(false);
    expect(showsAnnotations('None')).toBe(false);
    expect(isSnapAvailable('Drawing')).toBe(true);
    expect(isSnapAvailable('Ruler')).toBe(false);
    expect(selectsIn('Transform')).toBe(true);
    expect(selectsIn('Drawing')).toBe(false);
  });
});
