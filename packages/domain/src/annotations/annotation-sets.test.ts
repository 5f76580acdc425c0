import { describe, expect, it } from 'vitest';
import { ANNOTATION_SET_MESSAGES, annotationSetNameSchema } from './annotation-sets.ts';

const messageOf = (name: unknown) => {
  const parsed = annotationSetNameSchema.safeParse(name);
  return parsed.success ? parsed.data : parsed.error.issues[0]!.message;
};

describe('annotation set name (spec 2 §5)', () => {
  it('is 1 to 59 characters without the white space around it', () => {
    expect(messageOf('  Tumour  ')).toBe('Tumour');
    expect(messageOf('x'.repeat(59))).toBe('x'.repeat(59));
    expect(messageOf('x'.repeat(60))).toBe(ANNOTATION_SET_MESSAGES.nameTooLong);
    expect(messageOf(' '.repeat(3) + 'x'.repeat(59) + ' ')).toBe('x'.repeat(59));
  });

  it("is required: empty, blank or missing is 'Enter a name for the annotation set'", () => {
    expect(messageOf('')).toBe(ANNOTATION_SET_MESSAGES.nameRequired);
    expect(messageOf(' \t ')).toBe(ANNOTATION_SET_MESSAGES.nameRequired);
    expect(messageOf(undefined)).toBe(ANNOTATION_SET_MESSAGES.nameRequired);
  });

  it('holds no control characters', () => {
    expect(messageOf('a\u0000b')).toMatch(/control characters/);
    expect(messageOf('a\nb')).toMatch(/control characters/);
  });
});
