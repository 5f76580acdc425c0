import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_COPY_TEXTS,
  canGoNext,
  targetSetWarning,
  type AnnotationCopyState,
} from './annotation-copy-wizard.ts';

const start: AnnotationCopyState = {
  page: 0,
  sourceSlideIds: [],
  isClassFilter: false,
  classIds: [],
  targetSlideIds: [],
  setName: '',
  skipCopyIfTargetSetMissing: false,
  targetsWithSet: 0,
  isDone: false,
};

describe('annotation-copy wizard (spec 2 §4, §5)', () => {
  it('holds Next until each page has what it needs', () => {
    expect(canGoNext(start)).toBe(false);
    expect(canGoNext({ ...start, sourceSlideIds: ['a'] })).toBe(true);
    expect(canGoNext({ ...start, page: 1 })).toBe(true);
    expect(canGoNext({ ...start, page: 1, isClassFilter: true })).toBe(false);
    expect(canGoNext({ ...start, page: 1, isClassFilter: true, classIds: ['Tumor'] })).toBe(true);
    expect(canGoNext({ ...start, page: 2 })).toBe(false);
    expect(canGoNext({ ...start, page: 2, targetSlideIds: ['b'] })).toBe(true);
    expect(canGoNext({ ...start, page: 3 })).toBe(false);
    expect(canGoNext({ ...start, page: 3, setName: 'Copied' })).toBe(true);
    expect(canGoNext({ ...start, page: 4 })).toBe(false);
    expect(canGoNext({ ...start, page: 4, isDone: true })).toBe(true);
  });

  it('warns for a missing name, and for no existing set when only existing sets are copied to', () => {
    expect(targetSetWarning(start)).toBe(ANNOTATION_COPY_TEXTS.enterName);
    const named = { ...start, setName: 'Copied', skipCopyIfTargetSetMissing: true };
    expect(targetSetWarning(named)).toBe(ANNOTATION_COPY_TEXTS.selectExistingName);
    expect(targetSetWarning({ ...named, targetsWithSet: 1 })).toBeNull();
    expect(targetSetWarning({ ...start, setName: 'x'.repeat(60) })).toBe(
      'Annotation set name must be shorter than 60 characters',
    );
    expect(ANNOTATION_COPY_TEXTS.available(1, 3)).toBe('1 out of 3 target slides will be available for copy');
    expect(ANNOTATION_COPY_TEXTS.failed(2, 'B-7')).toBe('Failed to copy annotations to 2 slides in B-7!');
  });
});
