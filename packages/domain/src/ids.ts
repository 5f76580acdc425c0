/** Entity ids are 24 lower-case hex characters (spec 1 §5: slide id is 24 characters). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const isId = (v: string): boolean => ID_PATTERN.test(v);
