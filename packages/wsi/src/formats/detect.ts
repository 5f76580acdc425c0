import { WsiError } from '../errors.ts';
import type { Ifd } from '../tiff/ifd.ts';
import { TiffImage } from '../tiff/image.ts';
import { aperioLayout, isAperio } from './aperio.ts';
import { genericLayout } from './generic.ts';
import type { SlideLayout } from './model.ts';
import { isOmeTiff, omeLayout } from './ome.ts';
import { isQptiff, qptiffLayout } from './qptiff.ts';

/** Loads the image of every IFD of the chain and of their SubIFD trees. */
export async function loadImages(ifds: Ifd[]): Promise<TiffImage[]> {
  const load = async (ifd: Ifd): Promise<TiffImage> => {
    const image = await TiffImage.load(ifd);
    for (const sub of ifd.subIfds) image.subImages.push(await load(sub));
    return image;
  };
  const images: TiffImage[] = [];
  for (const ifd of ifds) images.push(await load(ifd));
  return images;
}

/**
 * Picks the format from the first IFD's description, most specific first. An OME-TIFF whose XML is
 * broken is still an image: it falls back to the generic reading rather than failing to open.
 */
export async function detectLayout(images: TiffImage[]): Promise<SlideLayout> {
  if (isQptiff(images)) return qptiffLayout(images);
  if (isOmeTiff(images)) {
    try {
      return await omeLayout(images);
    } catch (error) {
      if (!(error instanceof WsiError) || error.code !== 'corrupt') throw error;
    }
  }
  if (isAperio(images)) return aperioLayout(images);
  return genericLayout(images);
}
