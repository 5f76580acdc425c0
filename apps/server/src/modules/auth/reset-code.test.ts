import { describe, expect, it } from 'vitest';
import { isResetCode, newResetCode, resetCodeHash } from './reset-code.ts';

describe('reset codes', () => {
  it('are 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newResetCode()).toMatch(/^\d{6}$/);
  });

  it('are bound to their challenge: the same code hashes differently for another row', () => {
    expect(resetCodeHash('a'.repeat(24), '123456')).not.toBe(resetCodeHash('b'.repeat(24), '123456'));
  });

  it('match only the stored code', () => {
    const id = 'c'.repeat(24);
    const stored = resetCodeHash(id, '012345');
    expect(isResetCode(id, '012345', stored)).toBe(true);
    expect(isResetCode(id, '12345', stored)).toBe(false);
    expect(isResetCode(id, '012346', stored)).toBe(false);
    expect(isResetCode('d'.repeat(24), '012345', stored)).toBe(false);
    expect(isResetCode(id, '012345', null)).toBe(false);
    expect(isResetCode(id, '012345', 'not-hex')).toBe(false);
  });
});
