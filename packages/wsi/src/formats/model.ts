import type { SampleType, TiffImage } from '../tiff/image.ts';

export type SlideFormat = 'aperio-svs' | 'generic-tiff' | 'ome-tiff' | 'qptiff' | 'plain-tiff';

export interface RgbColor {
  r: number;
  g: number;
  b: number;
}

export interface SlideChannel {
  name: string;
  /** Display colour from the file (OME Color, qptiff Color), or null when the file names none. */
  color: RgbColor | null;
  /** null when the file's sample type is one the reader cannot decode (it may still pass through). */
  sampleType: SampleType | null;
  /** 3 for an RGB brightfield channel, 1 for a fluorescence channel. */
  samplesPerPixel: number;
  /** qptiff: the biomarker the channel shows (newer Akoya files), else null. */
  biomarker: string | null;
  /** qptiff: the emission/excitation filter name, else null. */
  filter: string | null;
}

export interface SlideLevel {
  width: number;
  height: number;
  /** Stored tile size; for stripped images the full width × RowsPerStrip. */
  tileWidth: number;
  tileHeight: number;
  /** Level-0 size over this level's size, averaged over x and y (OpenSlide's definition). */
  downsample: number;
  isTiled: boolean;
  /** 'jpeg', 'lzw', 'deflate', 'none', 'jpeg2000', 'zstd', … */
  compression: string;
}

export type AssociatedImageKind = 'thumbnail' | 'label' | 'macro' | 'overview';

export interface AssociatedImageInfo {
  kind: AssociatedImageKind;
  width: number;
  height: number;
  compression: string;
}

/** What a slide file holds, independent of its format: the reader's answer to "open". */
export interface SlideInfo {
  format: SlideFormat;
  /** Level-0 size. */
  width: number;
  height: number;
  levels: SlideLevel[];
  channels: SlideChannel[];
  /** Focal planes (OME SizeZ); 1 for every other format. */
  sizeZ: number;
  /** Metres per pixel at level 0, or null when the file does not say. */
  metersPerPixel: { x: number; y: number } | null;
  /** Objective magnification; 20 when the file does not say (spec 3: default magnification). */
  magnification: number;
  isMagnificationKnown: boolean;
  kind: 'brightfield' | 'fluorescence';
  associatedImages: AssociatedImageInfo[];
  /** Size in bytes of the embedded ICC profile (tag 34675), or null. */
  iccProfileSize: number | null;
  /** Vendor key/values (Aperio's `MPP`, `AppMag`, …), for display and debugging. */
  properties: Record<string, string>;
}

/** Where the data of one (channel, z) plane of a level lives: an IFD and, for planar IFDs, its plane. */
export interface PlaneRef {
  image: TiffImage;
  plane: number;
}

export interface LevelLayout {
  level: SlideLevel;
  /** Index = channel + channelCount × z. */
  planes: PlaneRef[];
}

/** A format detector's result: the public info plus where every plane and associated image lives. */
export interface SlideLayout {
  info: SlideInfo;
  levels: LevelLayout[];
  associated: Map<AssociatedImageKind, TiffImage>;
  /** The IFD whose tag 34675 is the slide's ICC profile. */
  iccImage: TiffImage | null;
}

/** The default magnification when the file has none (spec 3, Image info). */
export const DEFAULT_MAGNIFICATION = 20;
