import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../permissions.ts';
import { canCopyAnnotations, canCopySlidesInto, slideCopySummary } from './slide-copy.ts';

const of = (projectRole: Parameters<typeof permissionsOf>[0]['projectRole'], projectIsHome = false) =>
  permissionsOf({ systemRoles: [], projectRole, projectIsHome });

describe('slide copy rules', () => {
  it('copies into projects where the caller may add slides', () => {
    expect(canCopySlidesInto(of('projectDataOwner'))).toBe(true);
    expect(canCopySlidesInto(of('projectRead'))).toBe(false);
  });

  it('takes annotations along only with annotationsCopy here and annotationsManage there', () => {
    expect(canCopyAnnotations(of('projectDataOwner'), of('projectAdmin'))).toBe(true);
    expect(canCopyAnnotations(of('projectDataOwner'), of('projectRead'))).toBe(false);
    expect(canCopyAnnotations(of('projectRead'), of('projectAdmin'))).toBe(false);
  });

  it('sums the outcomes up', () => {
    expect(slideCopySummary([{ outcome: 'copied' }])).toBe('Copied 1 slide');
    expect(
      slideCopySummary([
        { outcome: 'copied' },
        { outcome: 'copied' },
        { outcome: 'skipped' },
        { outcome: 'failed' },
      ]),
    ).toBe('Copied 2 slides, 1 already there, 1 failed');
    expect(slideCopySummary([])).toBe('Copied 0 slides');
  });
});
