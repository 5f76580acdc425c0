import type { TiffImage } from '../tiff/image.ts';
import {
  associatedOf,
  channelsOfImage,
  iccSize,
  isColorImage,
  levelOf,
  pyramidAfter,
  resolutionMeters,
} from './common.ts';
import { DEFAULT_MAGNIFICATION, type AssociatedImageKind, type SlideLayout } from './model.ts';

/**
 * Any other TIFF. A tiled first IFD whose successors (or whose SubIFDs) are smaller tiled copies is a
 * generic pyramid (vips, libtiff tiffcp, bfconvert output); everything else is a plain one-level image,
 * stripped or tiled. A smaller image right after a one-level image is offered as its thumbnail when the
 * file marks it reduced-resolution (NewSubfileType bit 0) or it is a colour preview of at most 1024 px.
 */
export async function genericLayout(images: TiffImage[]): Promise<SlideLayout> {
  const level0 = images[0]!;
  const chain = pyramidAfter(level0, images.slice(1));
  const subIfdChain = pyramidAfter(level0, level0.subImages);
  const pyramid = subIfdChain.length > chain.length ? subIfdChain : chain;
  const { channels, planes } = channelsOfImage(level0);
  const associated = new Map<AssociatedImageKind, TiffImage>();
  const next = pyramid.length === 1 ? images[1] : undefined;
  if (next && next.width < level0.width && next.height < level0.height) {
    const isReduced = (next.newSubfileType & 1) === 1;
    const isPreview = isColorImage(next) && next.width <= 1024 && next.height <= 1024;
    if (isReduced || isPreview) associated.set('thumbnail', next);
  }
  const levels = pyramid.map((image) => levelOf(image, level0));
  return {
    info: {
      format: level0.isTiled ? 'generic-tiff' : 'plain-tiff',
      width: level0.width,
      height: level0.height,
      levels,
      channels,
      sizeZ: 1,
      metersPerPixel: await resolutionMeters(level0),
      magnification: DEFAULT_MAGNIFICATION,
      isMagnificationKnown: false,
      kind: isColorImage(level0) ? 'brightfield' : 'fluorescence',
      associatedImages: [...associated].map(([kind, image]) => associatedOf(kind, image)),
      iccProfileSize: iccSize(level0),
      properties: {},
    },
    levels: pyramid.map((image, index) => ({
      level: levels[index]!,
      planes: planes.map((p) => ({ image, plane: p.plane })),
    })),
    associated,
    iccImage: level0,
  };
}
