import { WsiError } from '../errors.ts';
import {
  DEFAULT_MAGNIFICATION,
  type AssociatedImageInfo,
  type AssociatedImageKind,
  type SlideChannel,
  type SlideInfo,
  type SlideLevel,
} from '../formats/model.ts';
import type { SampleType } from '../tiff/image.ts';
import { DicomTag } from './constants.ts';
import type { DicomInstance } from './instance.ts';
import type { DicomTileRef } from './tiles.ts';
import { readString } from './values.ts';

/**
 * SlideInfo of a DICOM slide. `format` is 'dicom', which the shared SlideFormat union (formats/model.ts)
 * does not list yet; everything else is the TIFF reader's model unchanged.
 */
export type DicomSlideInfo = Omit<SlideInfo, 'format'> & { format: 'dicom' };

export interface DicomLevelLayout {
  level: SlideLevel;
  /** Index = channel + channelCount × z; undefined where no instance of the level holds that plane. */
  planes: (DicomTileRef | undefined)[];
}

export interface DicomLayout {
  info: DicomSlideInfo;
  levels: DicomLevelLayout[];
  associated: Map<AssociatedImageKind, DicomInstance>;
  iccProfile: Buffer | null;
}

/** ImageType value 3 → associated image kind (PS3.3 C.8.12.4.1.1). */
const ASSOCIATED_FLAVORS: Record<string, AssociatedImageKind> = {
  LABEL: 'label',
  OVERVIEW: 'overview',
  THUMBNAIL: 'thumbnail',
};

/**
 * Builds one slide from the instances of one series: VOLUME instances are pyramid levels, largest first,
 * several instances of the same size being the optical paths (channels) or focal planes of one level;
 * LABEL, OVERVIEW and THUMBNAIL instances are the associated images.
 */
export function buildDicomLayout(instances: DicomInstance[]): DicomLayout {
  const volumes = instances.filter((i) => i.flavor === 'VOLUME');
  if (volumes.length === 0)
    throw new WsiError(
      'corrupt',
      'The DICOM series has no VOLUME image (only label, overview or thumbnail images)',
    );
  const base = volumes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const compatible = volumes.filter(
    (i) => i.samplesPerPixel === base.samplesPerPixel && i.bitsAllocated === base.bitsAllocated,
  );
  const bySize = new Map<string, DicomInstance[]>();
  for (const instance of compatible) {
    const key = `${instance.width}x${instance.height}`;
    bySize.set(key, [...(bySize.get(key) ?? []), instance]);
  }
  const groups = [...bySize.values()].sort(
    (a, b) => b[0]!.width - a[0]!.width || b[0]!.height - a[0]!.height,
  );
  const level0 = groups[0]!;
  const isBrightfield = base.samplesPerPixel === 3;
  const pathIds = [...new Set(level0.flatMap((i) => i.opticalPaths.map((p) => p.id)))];
  const sizeZ = Math.max(...level0.map((i) => i.focalPlanes));
  const channels = pathIds.map((id) => channelOf(id, level0, isBrightfield && pathIds.length === 1));

  const levels: DicomLevelLayout[] = [];
  for (const group of groups) {
    const first = group[0]!;
    // Instances of one level must share the frame size, or the level would have no single tile size.
    const members = group.filter((i) => i.tileWidth === first.tileWidth && i.tileHeight === first.tileHeight);
    const planes: (DicomTileRef | undefined)[] = [];
    for (let z = 0; z < sizeZ; z++) {
      for (const id of pathIds) planes.push(findPlane(members, id, z));
    }
    if (planes.every((p) => p === undefined)) continue;
    levels.push({
      level: {
        width: first.width,
        height: first.height,
        tileWidth: first.tileWidth,
        tileHeight: first.tileHeight,
        downsample: (base.width / first.width + base.height / first.height) / 2,
        isTiled: true,
        compression: first.syntax.compression,
      },
      planes,
    });
  }

  const associated = new Map<AssociatedImageKind, DicomInstance>();
  for (const instance of instances) {
    const kind = ASSOCIATED_FLAVORS[instance.flavor];
    if (kind && !associated.has(kind)) associated.set(kind, instance);
  }
  const basePaths = base.opticalPaths;
  const power = basePaths.find((p) => p.objectiveLensPower !== null)?.objectiveLensPower ?? null;
  const iccProfile = basePaths.find((p) => p.iccProfile !== null)?.iccProfile ?? null;
  const info: DicomSlideInfo = {
    format: 'dicom',
    width: base.width,
    height: base.height,
    levels: levels.map((l) => l.level),
    channels,
    sizeZ,
    // Pixel Spacing is (row spacing, column spacing) in millimetres: y first.
    metersPerPixel: base.pixelSpacingMm
      ? { x: base.pixelSpacingMm[1] / 1000, y: base.pixelSpacingMm[0] / 1000 }
      : null,
    magnification: power ?? DEFAULT_MAGNIFICATION,
    isMagnificationKnown: power !== null,
    kind: isBrightfield ? 'brightfield' : 'fluorescence',
    associatedImages: [...associated].map(
      ([kind, i]): AssociatedImageInfo => ({
        kind,
        width: i.width,
        height: i.height,
        compression: i.syntax.compression,
      }),
    ),
    iccProfileSize: iccProfile?.length ?? null,
    properties: propertiesOf(base),
  };
  return { info, levels, associated, iccProfile };
}

function findPlane(members: DicomInstance[], pathId: string, z: number): DicomTileRef | undefined {
  for (const instance of members) {
    const path = instance.opticalPaths.findIndex((p) => p.id === pathId);
    if (path >= 0 && z < instance.focalPlanes) return { instance, z, path };
  }
  return undefined;
}

function channelOf(id: string, level0: DicomInstance[], isSingleRgb: boolean): SlideChannel {
  const instance = level0.find((i) => i.opticalPaths.some((p) => p.id === id))!;
  const path = instance.opticalPaths.find((p) => p.id === id)!;
  return {
    // A brightfield slide's one path is the RGB channel, as in the TIFF reader; fluorescence paths keep their names.
    name: isSingleRgb ? 'RGB' : (path.description ?? `Optical path ${id}`),
    color: null,
    sampleType: sampleTypeOf(instance),
    samplesPerPixel: instance.samplesPerPixel,
    biomarker: null,
    // The illumination colour names a fluorescence path's light; for brightfield it is 'Full Spectrum', not a filter.
    filter: isSingleRgb ? null : path.illuminationColor,
  };
}

function sampleTypeOf(instance: DicomInstance): SampleType {
  const signed = instance.pixelRepresentation === 1;
  if (instance.bitsAllocated === 8) return signed ? 'int8' : 'uint8';
  if (instance.bitsAllocated === 16) return signed ? 'int16' : 'uint16';
  return signed ? 'int32' : 'uint32';
}

function propertiesOf(base: DicomInstance): Record<string, string> {
  const properties: Record<string, string> = {
    'dicom.TransferSyntaxUID': base.transferSyntaxUid,
    'dicom.TransferSyntax': base.syntax.name,
    'dicom.ImageType': base.imageType.join('\\'),
    'dicom.DimensionOrganizationType': base.dimensionOrganization,
    'dicom.PhotometricInterpretation': base.photometric,
  };
  if (base.seriesInstanceUid) properties['dicom.SeriesInstanceUID'] = base.seriesInstanceUid;
  if (base.containerIdentifier) properties['dicom.ContainerIdentifier'] = base.containerIdentifier;
  const manufacturer = readString(base.dataSet, DicomTag.Manufacturer);
  if (manufacturer) properties['dicom.Manufacturer'] = manufacturer;
  const model = readString(base.dataSet, DicomTag.ManufacturerModelName);
  if (model) properties['dicom.ManufacturerModelName'] = model;
  return properties;
}
