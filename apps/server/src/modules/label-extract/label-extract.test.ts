import { expect, it } from 'vitest';
import { DEFAULT_LABEL_PATTERNS } from '@tessera/domain';
import { proposeWithin } from './label-extract.ts';

it('stops a pattern that backtracks for ever, and answers the others', () => {
  const reading = { codes: [], lines: [`${'a'.repeat(40)}c`, 'P1000-B01'] };
  expect(proposeWithin(reading, { ...DEFAULT_LABEL_PATTERNS, studyId: '(a+)+b' })).toBeNull();
  expect(proposeWithin(reading, DEFAULT_LABEL_PATTERNS)).toEqual({
    blockId: { value: 'P1000-B01', source: 'text' },
  });
});
