/**
 * Text from outside (request bodies, CSV cells, filters): control characters are refused on the way in
 * (DESIGN §14). A NUL once reached SQLite's full-text search and answered 500 for every later reader of
 * a shared view; the others have no place in metadata either. Tab, line feed and carriage return stay
 * allowed: they are ordinary in multi-line summaries and pasted cells.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const TEXT_MESSAGES = {
  controlCharacters: 'Text must not contain control characters',
} as const;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}
