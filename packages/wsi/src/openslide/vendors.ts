import { extname } from 'node:path';

/** Formats only OpenSlide reads here, named like the TIFF reader's SlideFormat values. */
export type OpenSlideFormat =
  | 'hamamatsu-ndpi'
  | 'hamamatsu-vms'
  | 'mirax'
  | 'leica-scn'
  | 'ventana-bif'
  | 'philips-tiff'
  | 'sakura-svslide'
  | 'trestle-tiff'
  | 'openslide-other';

/**
 * Extensions the TIFF reader never serves: not TIFF at all (MRXS, VMS/VMU, SVSLIDE) or TIFF whose layout only
 * OpenSlide understands (NDPI's oversized JPEG stripes, SCN's XML-described images, BIF's tile overlaps).
 */
export const OPENSLIDE_EXTENSIONS: ReadonlySet<string> = new Set([
  'ndpi',
  'mrxs',
  'scn',
  'bif',
  'vms',
  'vmu',
  'svslide',
]);

/**
 * openslide_detect_vendor answers that mean "read through OpenSlide even though the file is a TIFF the TIFF
 * reader would open": it would open them as a generic pyramid with the wrong levels (Philips TIFF's sparse
 * levels, Leica's several images) or miss their geometry. 'aperio' and 'generic-tiff' are the TIFF reader's.
 */
export const OPENSLIDE_VENDORS: ReadonlySet<string> = new Set([
  'hamamatsu',
  'mirax',
  'leica',
  'ventana',
  'philips',
  'sakura',
  'trestle',
]);

export function fileExtension(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

/** SlideInfo.format for an OpenSlide vendor; Aperio and generic TIFF keep the TIFF reader's names. */
export function formatOfVendor(
  vendor: string,
  path: string,
): OpenSlideFormat | 'aperio-svs' | 'generic-tiff' {
  switch (vendor) {
    case 'aperio':
      return 'aperio-svs';
    case 'generic-tiff':
      return 'generic-tiff';
    case 'hamamatsu':
      return fileExtension(path) === 'ndpi' ? 'hamamatsu-ndpi' : 'hamamatsu-vms';
    case 'mirax':
      return 'mirax';
    case 'leica':
      return 'leica-scn';
    case 'ventana':
      return 'ventana-bif';
    case 'philips':
      return 'philips-tiff';
    case 'sakura':
      return 'sakura-svslide';
    case 'trestle':
      return 'trestle-tiff';
    default:
      return 'openslide-other';
  }
}
