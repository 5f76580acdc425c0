/**
 * Bounds on JSON from outside (request bodies, URL segments, pasted cells), checked on the text before
 * it is parsed: every later step that walks a value recursively (zod, JSON.stringify, our own code)
 * can then never run out of stack, whatever a caller sends (DESIGN §14).
 */

/**
 * The deepest nesting of arrays and objects any of our JSON inputs needs. Our deepest documents (a
 * shared view's column state, a combined filter) stay under 10 levels; 32 leaves room for the web's
 * own column-state shapes and is far from the depth where a recursive walk overflows (thousands).
 */
export const JSON_MAX_DEPTH = 32;

export const JSON_MESSAGES = {
  tooDeep: (maxDepth: number) => `The JSON is nested more than ${maxDepth} levels deep`,
  malformed: 'The JSON could not be read',
} as const;

/**
 * Whether arrays and objects in `text` nest deeper than `maxDepth`. One pass over the characters,
 * brackets inside strings skipped, no recursion; it stops at the first bracket past the limit. Text
 * that is not JSON may pass: JSON.parse judges it afterwards.
 */
export function isJsonNestedDeeper(text: string, maxDepth: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isInString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) isInString = false;
    } else if (c === 0x22) isInString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

export type BoundedJsonResult = { ok: true; value: unknown } | { ok: false; message: string };

/** JSON.parse behind the depth bound; never throws. */
export function parseBoundedJson(text: string, maxDepth: number = JSON_MAX_DEPTH): BoundedJsonResult {
  if (isJsonNestedDeeper(text, maxDepth)) return { ok: false, message: JSON_MESSAGES.tooDeep(maxDepth) };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: JSON_MESSAGES.malformed };
  }
}
