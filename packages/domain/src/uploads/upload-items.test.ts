import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  combinedChecksumText,
  compareRelativePaths,
  isUploadRelativePath,
  MAX_RELATIVE_PATH_LENGTH,
  planUploadItems,
} from './upload-items.ts';

const dropped = (...paths: string[]) => paths.map((path) => ({ path, file: path }));
const summary = (paths: string[]) =>
  planUploadItems(dropped(...paths)).items.map((i) => [i.name, i.files.map((f) => f.relativePath)]);

describe('planUploadItems (spec 1 §3 "Upload item")', () => {
  it('keeps files dropped by themselves as items of their own, whatever their kind', () => {
    expect(summary(['b.svs', 'a.tif', 'notes.txt'])).toEqual([
      ['a.tif', ['a.tif']],
      ['b.svs', ['b.svs']],
      ['notes.txt', ['notes.txt']],
    ]);
  });

  it('makes an MRXS file and its data folder one item, with paths relative to the MRXS file', () => {
    const plan = planUploadItems(
      dropped(
        'scans/x/Data0001.dat',
        'scans/x.mrxs',
        'scans/x/Slidedat.ini',
        'scans/y.svs',
        'scans/x/Index.dat',
      ),
    );
    expect(plan.items.map((i) => [i.name, i.files.map((f) => f.relativePath)])).toEqual([
      ['x.mrxs', ['x.mrxs', 'x/Data0001.dat', 'x/Index.dat', 'x/Slidedat.ini']],
      ['y.svs', ['y.svs']],
    ]);
    expect(plan.ignored).toEqual([]);
  });

  it('makes the DICOM files of one folder one item named after the folder, one file after itself', () => {
    expect(summary(['boxes/boxes_1.dcm', 'boxes/boxes_0.dcm', 'single/sm_image.dcm', 'loose.dcm'])).toEqual([
      ['boxes', ['boxes_0.dcm', 'boxes_1.dcm']],
      ['loose.dcm', ['loose.dcm']],
      ['sm_image.dcm', ['sm_image.dcm']],
    ]);
  });

  it('leaves out what in a folder is no slide file: other kinds and hidden files', () => {
    const plan = planUploadItems(dropped('run/.DS_Store', 'run/readme.txt', 'run/a.ndpi', 'run/deep/b.svs'));
    expect(plan.items.map((i) => i.name)).toEqual(['a.ndpi', 'b.svs']);
    expect(plan.ignored).toEqual(['run/.DS_Store', 'run/readme.txt']);
  });

  it('puts every dropped file in exactly one item or the ignored list', () => {
    const segment = fc.constantFrom('a', 'b', 'x', 'x.mrxs', 'c.dcm', 'd.svs', 'e.txt', '.h');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'))),
        (paths) => {
          // A path that is also a folder of another cannot be a file: keep the drop a real tree.
          const files = paths.filter((p) => !paths.some((q) => q.startsWith(`${p}/`)));
          const plan = planUploadItems(dropped(...files));
          const placed = [...plan.items.flatMap((i) => i.files.map((f) => f.file)), ...plan.ignored];
          expect(placed.sort()).toEqual([...files].sort());
          for (const item of plan.items) {
            const order = item.files.map((f) => f.relativePath);
            expect(order).toEqual([...order].sort(compareRelativePaths));
          }
        },
      ),
    );
  });
});

describe('isUploadRelativePath', () => {
  it('takes names joined by slashes and refuses what could lead elsewhere', () => {
    for (const ok of ['a.svs', 'x/Data0001.dat', 'x/y/z.dat', 'name with spaces.dcm'])
      expect(isUploadRelativePath(ok)).toBe(true);
    for (const bad of [
      '',
      '/abs.svs',
      'a//b',
      '../a',
      'a/../b',
      'a/./b',
      'a\\b',
      'a/\u0000b',
      ' a/b',
      'a/b ',
    ])
      expect(isUploadRelativePath(bad)).toBe(false);
    expect(isUploadRelativePath('a/'.repeat(MAX_RELATIVE_PATH_LENGTH / 2) + 'b')).toBe(false);
  });
});

describe('combinedChecksumText', () => {
  it('lists the files’ checksums one per line', () => {
    expect(combinedChecksumText(['aa', 'bb'])).toBe('aa\nbb');
  });
});
