import { extname } from 'node:path';
import { DicomSlide } from './dicom/slide.ts';
import { WsiError } from './errors.ts';
import type { Slide } from './imaging/slide-interface.ts';
import { openSlideFile } from './openslide/open-slide-file.ts';

/** True when every path names a DICOM file (.dcm): such a set is the instances of one series. */
export function isDicomFileSet(paths: readonly string[]): boolean {
  return paths.length > 0 && paths.every((p) => extname(p).toLowerCase() === '.dcm');
}

/**
 * Opens the stored files of one image, with the reader that serves it (callers see only the Slide
 * interface). A set of .dcm files is one DICOM series (DicomSlide.openFiles); otherwise the first path is
 * the slide file and any others are its companions (an MRXS file's folder), which the reader finds by
 * itself next to it, so only the first is opened (openSlideFile).
 */
export async function openSlide(paths: readonly string[]): Promise<Slide> {
  const first = paths[0];
  if (first === undefined) throw new WsiError('corrupt', 'No slide files given');
  if (isDicomFileSet(paths)) return DicomSlide.openFiles([...paths]);
  return openSlideFile(first);
}
