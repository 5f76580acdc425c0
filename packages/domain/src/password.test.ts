import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkNewPassword,
  PASSWORD_CHECKLIST,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SYMBOLS,
  passwordLength,
} from './password.ts';

const checklistOf = (p: string) => Object.fromEntries(PASSWORD_CHECKLIST.map((c) => [c.label, c.test(p)]));

describe('the live checklist', () => {
  it('has the five items of spec 1 §5, in order and wording', () => {
    expect(PASSWORD_CHECKLIST.map((c) => c.label)).toEqual([
      'At least 8 characters long',
      'At least 1 number',
      'At least 1 uppercase character',
      'At least 1 lowercase character',
      'At least 1 symbol/special character',
    ]);
  });

  it.each([
    ['', [false, false, false, false, false]],
    ['abcdefgh', [true, false, false, true, false]],
    ['ABCDEFG1', [true, true, true, false, false]],
    ['a1B!', [false, true, true, true, true]],
    ['Abcdefg1!', [true, true, true, true, true]],
    ['ÄÖÜäöüßé', [true, false, false, false, false]],
  ])('ticks the items %j earns', (password, ticks) => {
    expect(Object.values(checklistOf(password))).toEqual(ticks);
  });

  it('counts every character of the fixed symbol set as a symbol, and letters, digits and spaces as none', () => {
    for (const symbol of PASSWORD_SYMBOLS)
      expect(checklistOf(`Abcdefg1${symbol}`)['At least 1 symbol/special character']).toBe(true);
    for (const other of ['a', 'Z', '5', ' ', '€', 'é'])
      expect(checklistOf(`Abcdefg1${other}`)['At least 1 symbol/special character'], other).toBe(false);
  });
});

describe('checkNewPassword', () => {
  it('asks for a password when empty', () => {
    expect(checkNewPassword('')).toBe('Enter new password');
  });

  it('refuses fewer than 8 characters with the minimum-length message', () => {
    expect(checkNewPassword('Ab1!xyz')).toBe('Minimum length must be 8 character');
    expect(checkNewPassword('Ab1!xyzw')).toBeNull();
  });

  it('accepts 256 characters and refuses 257', () => {
    const base = 'Ab1!';
    expect(checkNewPassword(base + 'x'.repeat(PASSWORD_MAX_LENGTH - base.length))).toBeNull();
    expect(checkNewPassword(base + 'x'.repeat(PASSWORD_MAX_LENGTH - base.length + 1))).toBe(
      'Password does not match requirements',
    );
  });

  it('counts characters, not UTF-16 units: four emoji are four characters', () => {
    expect(passwordLength('😀😀😀😀')).toBe(4);
    expect(checkNewPassword('Ab1!😀😀😀')).toBe('Minimum length must be 8 character');
    expect(checkNewPassword('Ab1!😀😀😀😀')).toBeNull();
  });

  it.each([' Abcdef1!', 'Abcdef1! ', '\tAbcdef1!', 'Abcdef1!\n', '\u00a0Abcdef1!'])(
    'refuses leading or trailing whitespace in %j',
    (password) => {
      expect(checkNewPassword(password)).toBe('Password does not match requirements');
    },
  );

  it('allows whitespace inside', () => {
    expect(checkNewPassword('Abc def1!')).toBeNull();
  });

  it.each([
    ['no digit', 'Abcdefg!'],
    ['no upper case', 'abcdefg1!'],
    ['no lower case', 'ABCDEFG1!'],
    ['no symbol', 'Abcdefg12'],
  ])('refuses a password with %s', (_why, password) => {
    expect(checkNewPassword(password)).toBe('Password does not match requirements');
  });

  it('accepts exactly the passwords whose checklist is complete, within the length limit and without outer whitespace', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (p) => {
        const ok =
          PASSWORD_CHECKLIST.every((c) => c.test(p)) &&
          passwordLength(p) <= PASSWORD_MAX_LENGTH &&
          p.trim() === p;
        expect(checkNewPassword(p) === null).toBe(ok);
      }),
    );
  });

  it('keeps every message of the spec', () => {
    expect(PASSWORD_MESSAGES).toEqual({
      required: 'Enter new password',
      tooShort: 'Minimum length must be 8 character',
      requirements: 'Password does not match requirements',
      repeatRequired: 'Repeat new password',
      mismatch: 'Passwords do not match',
      resetCodeRequired: 'Enter reset code',
      resetCodeTooShort: 'Reset code is required',
      oldRequired: 'Enter old password',
      oldTooShort: 'Old password is required',
    });
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(256);
  });
});
