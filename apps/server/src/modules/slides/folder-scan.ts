/**
 * Which slides a folder holds, for slide folder registration (folder-import.service.ts), before anything
 * is read: files by extension (symlinks followed), an MRXS file together with its companion folder as one
 * slide, and the .dcm files grouped per DICOM series (the extensions are the domain's SLIDE_EXTENSIONS, which
 * uploads group by too). Only the folder itself is searched; other
 * subfolders are reported, not entered.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DicomInstance, dicomSeriesKey, FileSource } from '@tessera/wsi';
import { SLIDE_EXTENSIONS } from '@tessera/domain';
import { describeFailure } from '../../errors.ts';

/** One slide to register: its display file name and every file that belongs to it (the slide file first). */
export interface FolderUnit {
  fileName: string;
  paths: string[];
}

export interface FolderScan {
  units: FolderUnit[];
  /** Entries that are not slides (other extensions, folders), with why. */
  ignored: { fileName: string; reason: string }[];
  /** Entries that look like slides but could not be read enough to group them. */
  failed: { fileName: string; reason: string }[];
}

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** Every file under a folder (recursive, symlinks followed; at most `limit` files), sorted. */
async function filesUnder(dir: string, limit = 100_000): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const name of (await readdir(d)).sort()) {
      const full = path.join(d, name);
      const s = await stat(full);
      if (s.isDirectory()) await walk(full);
      else if (s.isFile()) out.push(full);
      if (out.length > limit) throw new Error(`More than ${limit} files in ${path.basename(dir)}`);
    }
  };
  await walk(dir);
  return out;
}

export async function scanFolder(dir: string): Promise<FolderScan> {
  const names = (await readdir(dir)).filter((n) => !n.startsWith('.')).sort();
  const kinds = new Map<string, 'file' | 'dir' | 'other'>();
  for (const name of names) {
    const s = await stat(path.join(dir, name)).catch(() => null);
    kinds.set(name, s?.isFile() ? 'file' : s?.isDirectory() ? 'dir' : 'other');
  }
  const scan: FolderScan = { units: [], ignored: [], failed: [] };
  const companions = new Set<string>();
  const dicom: string[] = [];
  for (const name of names) {
    if (kinds.get(name) !== 'file') continue;
    const ext = extensionOf(name);
    if (!SLIDE_EXTENSIONS.has(ext)) {
      scan.ignored.push({ fileName: name, reason: 'Not a slide file type' });
    } else if (ext === 'dcm') {
      dicom.push(name);
    } else if (ext === 'mrxs') {
      // MIRAX: the .mrxs index plus a folder of the same stem holding Slidedat.ini and the data files.
      const stem = name.slice(0, -'.mrxs'.length);
      const companion = path.join(dir, stem);
      if (kinds.get(stem) !== 'dir') {
        scan.failed.push({ fileName: name, reason: `The MRXS data folder '${stem}' is missing` });
        continue;
      }
      companions.add(stem);
      try {
        scan.units.push({ fileName: name, paths: [path.join(dir, name), ...(await filesUnder(companion))] });
      } catch (error) {
        scan.failed.push({ fileName: name, reason: describeFailure(error) });
      }
    } else {
      scan.units.push({ fileName: name, paths: [path.join(dir, name)] });
    }
  }
  for (const name of names) {
    if (kinds.get(name) === 'dir' && !companions.has(name))
      scan.ignored.push({ fileName: name, reason: 'Subfolders are not searched' });
  }
  await groupDicom(dir, dicom, scan);
  return scan;
}

/** Groups .dcm files by series (headers only); a series becomes one unit named after its first file. */
async function groupDicom(dir: string, names: string[], scan: FolderScan): Promise<void> {
  const series = new Map<string, string[]>();
  for (const name of names) {
    const full = path.join(dir, name);
    let source: FileSource | undefined;
    try {
      source = await FileSource.open(full);
      const key = dicomSeriesKey(await DicomInstance.open(source));
      series.set(key, [...(series.get(key) ?? []), name]);
    } catch (error) {
      scan.failed.push({ fileName: name, reason: describeFailure(error) });
    } finally {
      await source?.close();
    }
  }
  for (const members of series.values()) {
    scan.units.push({ fileName: members[0]!, paths: members.map((m) => path.join(dir, m)) });
  }
}
