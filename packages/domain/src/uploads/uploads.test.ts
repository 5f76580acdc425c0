import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canStartUpload,
  groupUploadState,
  isSlideFileName,
  isUploadHistory,
  UPLOAD_FILE_STATES,
  UPLOAD_MESSAGES,
} from './uploads.ts';

describe('groupUploadState (spec 1 §4)', () => {
  it('lets failed beat on hold beat in progress beat queued', () => {
    expect(groupUploadState(['Finished', 'Queued', 'InProgress'])).toBe('InProgress');
    expect(groupUploadState(['InProgress', 'OnHold', 'Finished'])).toBe('OnHold');
    expect(groupUploadState(['OnHold', 'Failed', 'Queued'])).toBe('Failed');
    expect(groupUploadState(['None', 'Queued'])).toBe('Queued');
  });

  it('is finished only when every file is', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UPLOAD_FILE_STATES), { minLength: 1 }), (states) => {
        expect(groupUploadState(states) === 'Finished').toBe(states.every((s) => s === 'Finished'));
      }),
    );
    expect(groupUploadState([])).toBe('None');
  });
});

describe('the upload panel’s buttons', () => {
  it('clears items whose files are all finished or failed, and starts only files not begun', () => {
    expect(isUploadHistory(['Finished', 'Failed'])).toBe(true);
    expect(isUploadHistory(['Finished', 'InProgress'])).toBe(false);
    expect(isUploadHistory([])).toBe(false);
    expect(canStartUpload(['Finished', 'None'])).toBe(true);
    expect(canStartUpload(['Queued', 'Failed'])).toBe(false);
  });
});

describe('isSlideFileName', () => {
  it('takes one name and never a path', () => {
    for (const name of ['CMU-1.svs', 'a b (2).ome.tif', 'Präparat 7.ndpi', '.hidden.svs'])
      expect(isSlideFileName(name), name).toBe(true);
    for (const name of [
      '',
      '   ',
      '.',
      '..',
      '../a.svs',
      'a/b.svs',
      'a\\b.svs',
      '/etc/passwd',
      'a\u0000b',
      'tab\there',
      'x'.repeat(256),
    ])
      expect(isSlideFileName(name), JSON.stringify(name)).toBe(false);
  });

  it('words the drop zone with the project', () => {
    expect(UPLOAD_MESSAGES.dropZone('Demo project')).toBe(
      'Drop slides on this panel to upload them to project Demo project',
    );
  });
});
