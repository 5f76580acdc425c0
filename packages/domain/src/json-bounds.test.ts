import { describe, expect, it } from 'vitest';
import { isJsonNestedDeeper, JSON_MESSAGES, parseBoundedJson } from './json-bounds.ts';

describe('JSON bounds', () => {
  it('counts arrays and objects as levels', () => {
    expect(isJsonNestedDeeper('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(isJsonNestedDeeper('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(isJsonNestedDeeper('[[],[],[]]', 2)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(isJsonNestedDeeper(`{"a":"[[[[{{{{\\"[[[["}`, 1)).toBe(false);
    expect(isJsonNestedDeeper(`["\\\\",[[1]]]`, 2)).toBe(true);
  });

  it('refuses the stack-breaking body of issue 10 without recursion', () => {
    const text = `{"state":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(parseBoundedJson(text)).toEqual({ ok: false, message: JSON_MESSAGES.tooDeep(32) });
    // 20 MB of '[' stops at the 33rd.
    expect(isJsonNestedDeeper('['.repeat(20_000_000))).toBe(true);
  });

  it('parses what is within bounds and says when it is not JSON', () => {
    expect(parseBoundedJson('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseBoundedJson('{"a":')).toEqual({ ok: false, message: JSON_MESSAGES.malformed });
  });
});
