/** Login e-mail rules of spec 1 §5. */
export const EMAIL_MESSAGES = {
  required: 'Please enter your email address',
  invalid: 'Please provide a valid email address',
} as const;

// One @, a non-empty local part, and a dotted domain; what a person would call an e-mail address.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): string | null {
  const e = email.trim();
  if (e === '') return EMAIL_MESSAGES.required;
  if (e.length > 254 || !EMAIL_SHAPE.test(e)) return EMAIL_MESSAGES.invalid;
  return null;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The domain part of an e-mail, lower-cased. */
export const emailDomain = (email: string): string => normalizeEmail(email).split('@')[1] ?? '';
