import { isWsiError } from '../errors.ts';
import { TiffSlide } from '../slide.ts';
import { loadOpenSlide } from './library.ts';
import { OpenSlideSlide } from './openslide-slide.ts';
import { fileExtension, OPENSLIDE_EXTENSIONS, OPENSLIDE_VENDORS } from './vendors.ts';

export type AnySlide = TiffSlide | OpenSlideSlide;

/** openslide_detect_vendor, or null when OpenSlide does not recognise the file or is not installed. */
export async function openSlideVendor(path: string): Promise<string | null> {
  try {
    return (await loadOpenSlide()).detectVendor(path);
  } catch (error) {
    if (isWsiError(error) && error.code === 'needs-openslide') return null;
    throw error;
  }
}

/**
 * Opens any slide file with the reader that serves it best: the project's TIFF reader (passthrough tiles,
 * fluorescence, OME, qptiff) whenever it can, OpenSlide for the rest:
 * - extensions only OpenSlide reads (NDPI, MRXS, SCN, BIF, VMS/VMU, SVSLIDE) go straight to it;
 * - TIFFs that OpenSlide names a vendor format (Philips TIFF, Ventana, Leica …) too, since the TIFF reader
 *   would open them as a wrong generic pyramid;
 * - otherwise the TIFF reader; a JPEG 2000 SVS it opens is handed over (with its ICC profile, which
 *   OpenSlide 3.4.1 does not expose), and a file it rejects as 'needs-openslide', or as 'not-tiff' when
 *   OpenSlide recognises it, goes to OpenSlide.
 * Without the library, the OpenSlide-only files fail with 'needs-openslide' naming libopenslide0.
 */
export async function openSlideFile(path: string): Promise<AnySlide> {
  if (OPENSLIDE_EXTENSIONS.has(fileExtension(path))) return OpenSlideSlide.open(path);
  const vendor = await openSlideVendor(path);
  if (vendor !== null && OPENSLIDE_VENDORS.has(vendor)) return OpenSlideSlide.open(path);
  let tiff: TiffSlide;
  try {
    tiff = await TiffSlide.open(path);
  } catch (error) {
    if (
      isWsiError(error) &&
      (error.code === 'needs-openslide' || (error.code === 'not-tiff' && vendor !== null))
    ) {
      return OpenSlideSlide.open(path);
    }
    throw error;
  }
  if (!tiff.info.levels.some((level) => level.compression === 'jpeg2000')) return tiff;
  let iccProfile: Buffer | null;
  try {
    iccProfile = await tiff.readIccProfile();
  } finally {
    await tiff.close();
  }
  return OpenSlideSlide.open(path, { iccProfile });
}
