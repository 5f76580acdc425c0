import type { TiffImage } from '../tiff/image.ts';
import { associatedOf, channelsOfImage, iccSize, isColorImage, levelOf } from './common.ts';
import { DEFAULT_MAGNIFICATION, type AssociatedImageKind, type SlideLayout } from './model.ts';

/** Aperio SVS: the first IFD's ImageDescription starts with "Aperio". */
export function isAperio(images: TiffImage[]): boolean {
  return images[0]?.description.startsWith('Aperio') ?? false;
}

/**
 * Aperio's ImageDescription: a header line, then `|`-separated `key = value` pairs
 * ("…JPEG/RGB Q=30|AppMag = 20|MPP = 0.4990|…").
 */
export function parseAperioProperties(description: string): Record<string, string> {
  const properties: Record<string, string> = {};
  const parts = description.split('|').slice(1);
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    if (key && !(key in properties)) properties[key] = part.slice(eq + 1).trim();
  }
  return properties;
}

/**
 * Layout of an SVS, following the Aperio conventions OpenSlide also uses: the tiled IFDs are the pyramid;
 * the stripped IFD right after level 0 is the thumbnail; the others are the label and the macro, named on
 * the second line of their description ("label 387x463") or, failing that, by NewSubfileType (1 label, 9 macro).
 */
export async function aperioLayout(images: TiffImage[]): Promise<SlideLayout> {
  const level0 = images[0]!;
  const properties = parseAperioProperties(level0.description);
  const tiled = images.filter((image) => image.isTiled);
  const associated = new Map<AssociatedImageKind, TiffImage>();
  images.forEach((image, index) => {
    if (image.isTiled) return;
    const kind = aperioAssociatedKind(image, index);
    if (kind && !associated.has(kind)) associated.set(kind, image);
  });
  const { channels, planes } = channelsOfImage(level0);
  const mpp = Number(properties['MPP']);
  const magnification = Number(properties['AppMag']);
  const hasMagnification = Number.isFinite(magnification) && magnification > 0;
  return {
    info: {
      format: 'aperio-svs',
      width: level0.width,
      height: level0.height,
      levels: tiled.map((image) => levelOf(image, level0)),
      channels,
      sizeZ: 1,
      metersPerPixel: Number.isFinite(mpp) && mpp > 0 ? { x: mpp * 1e-6, y: mpp * 1e-6 } : null,
      magnification: hasMagnification ? magnification : DEFAULT_MAGNIFICATION,
      isMagnificationKnown: hasMagnification,
      kind: isColorImage(level0) ? 'brightfield' : 'fluorescence',
      associatedImages: [...associated].map(([kind, image]) => associatedOf(kind, image)),
      iccProfileSize: iccSize(level0),
      properties,
    },
    levels: tiled.map((image) => ({
      level: levelOf(image, level0),
      planes: planes.map((p) => ({ image, plane: p.plane })),
    })),
    associated,
    iccImage: level0,
  };
}

function aperioAssociatedKind(image: TiffImage, index: number): AssociatedImageKind | null {
  if (index === 1) return 'thumbnail';
  const secondLine = image.description.split(/\r?\n/)[1]?.trim().toLowerCase() ?? '';
  if (secondLine.startsWith('label')) return 'label';
  if (secondLine.startsWith('macro')) return 'macro';
  if (image.newSubfileType === 1) return 'label';
  if (image.newSubfileType === 9) return 'macro';
  return null;
}
