import { WsiError } from '../errors.ts';
import type { TiffImage } from '../tiff/image.ts';
import { associatedOf, channel, iccSize, isColorImage, levelOf, resolutionMeters } from './common.ts';
import {
  DEFAULT_MAGNIFICATION,
  type AssociatedImageKind,
  type RgbColor,
  type SlideChannel,
  type SlideLayout,
} from './model.ts';
import { child, childText, parseXml, type XmlElement } from './xml.ts';

const ROOT = 'PerkinElmer-QPI-ImageDescription';

/** Akoya/PerkinElmer qptiff: every IFD describes itself in a PerkinElmer-QPI-ImageDescription XML block. */
export function isQptiff(images: TiffImage[]): boolean {
  return images[0]?.description.includes(`<${ROOT}`) ?? false;
}

interface QpiImage {
  image: TiffImage;
  type: string;
  xml: XmlElement;
}

/**
 * Layout of a qptiff. IFDs are tagged by ImageType: the FullResolution IFDs are the channels of level 0
 * (one IFD per channel, or one RGB IFD for brightfield); ReducedResolution IFDs follow in groups of one per
 * channel, one group per pyramid level; Thumbnail, Overview and Label are associated images.
 */
export async function qptiffLayout(images: TiffImage[]): Promise<SlideLayout> {
  const described: QpiImage[] = images.map((image) => {
    const xml = parseXml(image.description);
    if (xml.name !== ROOT)
      throw new WsiError('corrupt', `qptiff IFD has an unexpected ${xml.name} description`);
    return { image, type: childText(xml, 'ImageType') ?? '', xml };
  });
  const full = described.filter((d) => d.type === 'FullResolution');
  const level0 = full[0]?.image;
  if (!level0) throw new WsiError('corrupt', 'qptiff has no FullResolution image');
  const reduced = described.filter((d) => d.type === 'ReducedResolution');
  const levelImages: TiffImage[][] = [full.map((d) => d.image)];
  for (let i = 0; i + full.length <= reduced.length; i += full.length) {
    const group = reduced.slice(i, i + full.length).map((d) => d.image);
    const previous = levelImages[levelImages.length - 1]![0]!;
    if (group[0]!.width >= previous.width) break;
    levelImages.push(group);
  }
  const channels = full.map((d, index) => qpiChannel(d, index));
  const associated = new Map<AssociatedImageKind, TiffImage>();
  for (const d of described) {
    const kind = ({ Thumbnail: 'thumbnail', Overview: 'overview', Label: 'label' } as const)[
      d.type as 'Thumbnail'
    ];
    if (kind && !associated.has(kind)) associated.set(kind, d.image);
  }
  const objective = childText(full[0]!.xml, 'Objective');
  const magnification = objective ? parseFloat(objective) : NaN;
  const hasMagnification = Number.isFinite(magnification) && magnification > 0;
  return {
    info: {
      format: 'qptiff',
      width: level0.width,
      height: level0.height,
      levels: levelImages.map((group) => levelOf(group[0]!, level0)),
      channels,
      sizeZ: 1,
      metersPerPixel: (await resolutionMeters(level0)) ?? scanPixelSize(full[0]!.xml),
      magnification: hasMagnification ? magnification : DEFAULT_MAGNIFICATION,
      isMagnificationKnown: hasMagnification,
      kind: full.length === 1 && isColorImage(level0) ? 'brightfield' : 'fluorescence',
      associatedImages: [...associated].map(([kind, image]) => associatedOf(kind, image)),
      iccProfileSize: iccSize(level0),
      properties: {},
    },
    levels: levelImages.map((group) => ({
      level: levelOf(group[0]!, level0),
      planes: group.map((image) => ({ image, plane: 0 })),
    })),
    associated,
    iccImage: level0,
  };
}

function qpiChannel(d: QpiImage, index: number): SlideChannel {
  const name = childText(d.xml, 'Name') ?? childText(d.xml, 'Biomarker') ?? `Channel ${index + 1}`;
  const filter = childText(child(child(d.xml, 'Responsivity'), 'Filter'), 'Name') ?? null;
  return channel(name, d.image, d.image.samplesPerPixel, {
    color: parseRgbTriplet(childText(d.xml, 'Color')),
    biomarker: childText(d.xml, 'Biomarker') ?? null,
    filter,
  });
}

/** qptiff colours are "R,G,B" decimal triplets. */
export function parseRgbTriplet(text: string | undefined): RgbColor | null {
  const parts = text?.split(',').map((p) => Number(p.trim()));
  if (!parts || parts.length !== 3 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    return null;
  return { r: parts[0]!, g: parts[1]!, b: parts[2]! };
}

/** Fallback when the resolution tags are missing: ScanProfile's PixelSizeMicrons. */
function scanPixelSize(xml: XmlElement): { x: number; y: number } | null {
  const stack = [xml];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.name === 'PixelSizeMicrons') {
      const microns = Number(next.text.trim());
      return microns > 0 ? { x: microns * 1e-6, y: microns * 1e-6 } : null;
    }
    stack.push(...next.children);
  }
  return null;
}
