export {
  DicomLimits,
  DicomTag,
  TRANSFER_SYNTAXES,
  VL_WHOLE_SLIDE_MICROSCOPY_IMAGE_STORAGE,
  type TransferSyntaxInfo,
} from './constants.ts';
export { hasDicomMagic, readDicomHeader, type DicomHeader, type PixelDataLocation } from './header.ts';
export { DicomInstance, type DicomOpticalPath } from './instance.ts';
export { buildDicomLayout, type DicomLayout, type DicomLevelLayout, type DicomSlideInfo } from './layout.ts';
export { DicomAssociatedImage, DicomSlide, dicomSeriesKey, type DicomDirectory } from './slide.ts';
export { readFramePositions, SparseTileIndex, type FramePosition } from './sparse.ts';
export type { DicomTileRef } from './tiles.ts';
