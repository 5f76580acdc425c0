import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './text.ts';

describe('control characters', () => {
  it.each(['a\u0000b', '\u0001', 'x\u001b[31m', 'del\u007f', '\u000b', '\u000c'])('refuses %j', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each(['', 'plain', 'tab\there', 'two\nlines\r\n', 'Ünïcödé – “quotes” 🧪'])('accepts %j', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });
});
