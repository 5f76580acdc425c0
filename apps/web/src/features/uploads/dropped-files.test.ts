import { describe, expect, it } from 'vitest';
import { filesOfChooser, filesOfEntries } from './dropped-files.ts';

// The File and Directory Entries API as a browser hands it over on drop, in plain objects: a folder's
// reader gives its entries in batches, then an empty one.
const fileEntry = (name: string) =>
  ({
    name,
    isFile: true,
    isDirectory: false,
    file: (resolve: (f: File) => void) => resolve(new File([name], name)),
  }) as unknown as FileSystemEntry;

function folderEntry(name: string, children: FileSystemEntry[], batch = 2): FileSystemEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          const next = children.slice(at, at + batch);
          at += next.length;
          setTimeout(() => resolve(next), 0);
        },
      };
    },
  } as unknown as FileSystemEntry;
}

describe('filesOfEntries', () => {
  it('walks dropped folders to every file, reading each folder to its last batch, with paths below the drop', async () => {
    const series = folderEntry('boxes', ['a.dcm', 'b.dcm', 'c.dcm', 'd.dcm', 'e.dcm'].map(fileEntry));
    const mrxs = folderEntry('x', [
      fileEntry('Slidedat.ini'),
      folderEntry('deep', [fileEntry('Data0000.dat')]),
    ]);
    const dropped = await filesOfEntries([
      new File(['given as a file'], 'given.svs'),
      fileEntry('loose.svs'),
      folderEntry('run', [series, fileEntry('x.mrxs'), mrxs]),
      folderEntry('empty', []),
    ]);
    expect(dropped.map((d) => d.path)).toEqual([
      'given.svs',
      'loose.svs',
      'run/boxes/a.dcm',
      'run/boxes/b.dcm',
      'run/boxes/c.dcm',
      'run/boxes/d.dcm',
      'run/boxes/e.dcm',
      'run/x.mrxs',
      'run/x/Slidedat.ini',
      'run/x/deep/Data0000.dat',
    ]);
    expect(await dropped[2]!.file.text()).toBe('a.dcm');
  });
});

describe('filesOfChooser', () => {
  it('keeps a chosen folder’s paths, and a chosen file’s name', () => {
    const inFolder = new File(['x'], 'a.dcm');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'boxes/a.dcm' });
    const alone = new File(['y'], 'b.svs');
    expect(filesOfChooser([inFolder, alone]).map((d) => d.path)).toEqual(['boxes/a.dcm', 'b.svs']);
  });
});
