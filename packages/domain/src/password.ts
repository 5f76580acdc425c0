/** Password rules of spec 1 §5, used by the live checklist, the forms and the server. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The fixed symbol set (the identity provider's usual set). */
export const PASSWORD_SYMBOLS = `^$*.[]{}()?"!@#%&/\\,><':;|_~\`=+-`;

/** Length in characters (code points), so that a symbol outside the BMP counts once, as a person counts it. */
export const passwordLength = (password: string): number => [...password].length;

export interface PasswordCheck {
  label: string;
  test: (password: string) => boolean;
}

/** The live checklist, in the order and wording of the spec. */
export const PASSWORD_CHECKLIST: readonly PasswordCheck[] = [
  { label: 'At least 8 characters long', test: (p) => passwordLength(p) >= PASSWORD_MIN_LENGTH },
  { label: 'At least 1 number', test: (p) => /[0-9]/.test(p) },
  { label: 'At least 1 uppercase character', test: (p) => /[A-Z]/.test(p) },
  { label: 'At least 1 lowercase character', test: (p) => /[a-z]/.test(p) },
  {
    label: 'At least 1 symbol/special character',
    test: (p) => [...p].some((c) => PASSWORD_SYMBOLS.includes(c)),
  },
];

export const PASSWORD_MESSAGES = {
  required: 'Enter new password',
  tooShort: 'Minimum length must be 8 character',
  requirements: 'Password does not match requirements',
  repeatRequired: 'Repeat new password',
  mismatch: 'Passwords do not match',
  resetCodeRequired: 'Enter reset code',
  resetCodeTooShort: 'Reset code is required',
  oldRequired: 'Enter old password',
  oldTooShort: 'Old password is required',
} as const;

/** The first message a new password earns, or null when it meets every rule. */
export function checkNewPassword(password: string): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.requirements;
  if (password.trim() !== password) return PASSWORD_MESSAGES.requirements;
  if (!PASSWORD_CHECKLIST.every((c) => c.test(password))) return PASSWORD_MESSAGES.requirements;
  return null;
}
