import { describe, expect, it } from 'vitest';
import {
  annotationTransferFileName,
  fileSafeName,
  transferDisplayPath,
  transferPathSegments,
  transferSummary,
} from './slide-transfer.ts';

describe('transfer destinations', () => {
  it('takes folder paths inside the area', () => {
    expect(transferPathSegments('')).toEqual([]);
    expect(transferPathSegments('study-7/run 2')).toEqual(['study-7', 'run 2']);
    expect(transferDisplayPath(['study-7', 'run 2'])).toBe('transfer/study-7/run 2');
  });

  it.each([
    '/etc',
    '../up',
    'a/../../b',
    'a//b',
    'a/./b',
    'a/',
    'a\\b',
    'a\u0000b',
    'new\nline',
    ' padded',
    'a/'.repeat(40) + 'b',
    'x'.repeat(2001),
  ])('refuses %j', (path) => {
    expect(transferPathSegments(path)).toBeNull();
  });
});

describe('transfer file names', () => {
  it('keeps one name whatever the text', () => {
    expect(fileSafeName('a/b\\c:d*e?"<>|\u0001')).toBe('a_b_c_d_e______');
    expect(fileSafeName('')).toBe('_');
    expect(annotationTransferFileName('slide 1', 'Tumour/Stroma')).toBe('slide 1 - Tumour_Stroma.geojson');
  });
});

describe('transferSummary', () => {
  it('counts what was written, found and failed', () => {
    expect(transferSummary('TransferSlides', [{ outcome: 'written' }])).toBe('Wrote 1 slide');
    expect(
      transferSummary('TransferAnnotations', [
        { outcome: 'written' },
        { outcome: 'skipped' },
        { outcome: 'failed' },
      ]),
    ).toBe('Wrote the annotation sets of 1 slide, 1 already there, 1 failed');
  });
});
