import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LABEL_PATTERNS,
  labelPatternsSchema,
  proposeLabelValues,
  shouldWriteLabelValue,
} from './label-extract.ts';

describe('proposeLabelValues', () => {
  it('finds the study and the block, codes before text', () => {
    expect(
      proposeLabelValues(
        { codes: ['ST-2024-017', 'P1000-B01'], lines: ['Study TS40112', 'Block P2000-B02'] },
        DEFAULT_LABEL_PATTERNS,
      ),
    ).toEqual({
      studyId: { value: 'ST-2024-017', source: 'code' },
      blockId: { value: 'P1000-B01', source: 'code' },
    });
  });

  it('reads the text when no code matches, and never gives one value to both fields', () => {
    expect(
      proposeLabelValues(
        { codes: ['12'], lines: ['Study TS40112', 'Block P2000-B02'] },
        DEFAULT_LABEL_PATTERNS,
      ),
    ).toEqual({
      studyId: { value: 'TS40112', source: 'text' },
      blockId: { value: 'P2000-B02', source: 'text' },
    });
    expect(
      proposeLabelValues({ codes: [], lines: ['AB123'] }, { studyId: '(AB\\d+)', blockId: '(AB\\d+)' }),
    ).toEqual({ blockId: { value: 'AB123', source: 'text' } });
  });

  it('proposes nothing from a label without matches', () => {
    expect(proposeLabelValues({ codes: [], lines: ['H&E', 'lorem'] }, DEFAULT_LABEL_PATTERNS)).toEqual({});
  });
});

describe('label patterns', () => {
  it('refuses what does not compile or matches nothing at all', () => {
    expect(labelPatternsSchema.safeParse(DEFAULT_LABEL_PATTERNS).success).toBe(true);
    expect(labelPatternsSchema.safeParse({ ...DEFAULT_LABEL_PATTERNS, studyId: '(' }).success).toBe(false);
    expect(labelPatternsSchema.safeParse({ ...DEFAULT_LABEL_PATTERNS, blockId: '.*' }).success).toBe(false);
    expect(labelPatternsSchema.safeParse({ ...DEFAULT_LABEL_PATTERNS, extra: 'x' }).success).toBe(false);
  });
});

describe('shouldWriteLabelValue', () => {
  it('writes into empty fields, and over set ones only when asked', () => {
    expect(shouldWriteLabelValue('studyId', null, [])).toBe(true);
    expect(shouldWriteLabelValue('studyId', 'TS1', [])).toBe(false);
    expect(shouldWriteLabelValue('studyId', 'TS1', ['studyId'])).toBe(true);
  });
});
