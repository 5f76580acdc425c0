import { describe, expect, it } from 'vitest';
import { canEditGeometry, canSetClass, deletionCheck, lockOffer } from './edit-rules.ts';

const plain = { classId: 'Tumor', isLocked: false };
const locked = { classId: 'Tumor', isLocked: true };
const fov = { classId: 'FOV', isLocked: true };

describe('edit rules (spec 2 §4, spec 3 §4–§5)', () => {
  it('refuses deleting locked annotations that are not FOV or ROI, and asks for FOV or ROI', () => {
    expect(deletionCheck([plain], false)).toBeNull();
    expect(deletionCheck([plain, locked], true)).toBe('locked');
    expect(deletionCheck([plain, fov], false)).toBe('confirm');
    expect(deletionCheck([plain, fov], true)).toBeNull();
    expect(deletionCheck([{ classId: 'ROI', isLocked: false }], false)).toBe('confirm');
  });

  it('offers Lock when one is unlocked and Unlock when one is locked', () => {
    expect(lockOffer([plain])).toEqual({ canLock: true, canUnlock: false });
    expect(lockOffer([plain, locked])).toEqual({ canLock: true, canUnlock: true });
    expect(lockOffer([])).toEqual({ canLock: false, canUnlock: false });
  });

  it('edits neither locked annotations nor FOV ones unless the FOV class is active; rulers do not move', () => {
    expect(canEditGeometry(plain, { activeClassId: null, isMove: false })).toBe(true);
    expect(canEditGeometry(locked, { activeClassId: null, isMove: true })).toBe(false);
    const openFov = { classId: 'FOV', isLocked: false };
    expect(canEditGeometry(openFov, { activeClassId: 'Tumor', isMove: false })).toBe(false);
    expect(canEditGeometry(openFov, { activeClassId: 'FOV', isMove: false })).toBe(true);
    expect(canEditGeometry({ ...plain, isRuler: true }, { activeClassId: null, isMove: true })).toBe(false);
  });

  it('sets a class only on unlocked non-FOV annotations, in Selection or None, not on a version', () => {
    const state = { isVersionViewed: false, mode: 'Selection' };
    expect(canSetClass([plain], state)).toBe(true);
    expect(canSetClass([], state)).toBe(false);
    expect(canSetClass([plain, locked], state)).toBe(false);
    expect(canSetClass([{ classId: 'FOV', isLocked: false }], state)).toBe(false);
    expect(canSetClass([plain], { ...state, isVersionViewed: true })).toBe(false);
    expect(canSetClass([plain], { ...state, mode: 'Drawing' })).toBe(false);
  });
});
