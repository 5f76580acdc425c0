/**
 * DICOM tags in dicom-parser's key form (`xGGGGEEEE`), the transfer syntaxes a VL Whole Slide Microscopy
 * image may use, and the bounds that keep a corrupt or hostile file from exhausting memory.
 */
export const DicomTag = {
  TransferSyntaxUid: 'x00020010',
  ImageType: 'x00080008',
  SopClassUid: 'x00080016',
  SopInstanceUid: 'x00080018',
  PyramidUid: 'x00080019',
  Manufacturer: 'x00080070',
  ManufacturerModelName: 'x00081090',
  SeriesInstanceUid: 'x0020000e',
  InstanceNumber: 'x00200013',
  DimensionOrganizationType: 'x00209311',
  SamplesPerPixel: 'x00280002',
  PhotometricInterpretation: 'x00280004',
  PlanarConfiguration: 'x00280006',
  NumberOfFrames: 'x00280008',
  Rows: 'x00280010',
  Columns: 'x00280011',
  PixelSpacing: 'x00280030',
  BitsAllocated: 'x00280100',
  BitsStored: 'x00280101',
  PixelRepresentation: 'x00280103',
  IccProfile: 'x00282000',
  PixelMeasuresSequence: 'x00289110',
  ContainerIdentifier: 'x00400512',
  ZOffsetInSlideCoordinateSystem: 'x0040074a',
  TotalPixelMatrixColumns: 'x00480006',
  TotalPixelMatrixRows: 'x00480007',
  OpticalPathSequence: 'x00480105',
  OpticalPathIdentifier: 'x00480106',
  OpticalPathDescription: 'x00480107',
  ObjectiveLensPower: 'x00480112',
  OpticalPathIdentificationSequence: 'x00480207',
  PlanePositionSlideSequence: 'x0048021a',
  ColumnPositionInTotalImagePixelMatrix: 'x0048021e',
  RowPositionInTotalImagePixelMatrix: 'x0048021f',
  NumberOfOpticalPaths: 'x00480302',
  TotalPixelMatrixFocalPlanes: 'x00480303',
  SharedFunctionalGroupsSequence: 'x52009229',
  PerFrameFunctionalGroupsSequence: 'x52009230',
  ExtendedOffsetTable: 'x7fe00001',
  ExtendedOffsetTableLengths: 'x7fe00002',
  PixelData: 'x7fe00010',
  // Inside the optical path's (0048,0105) item, like Objective Lens Power and the ICC profile.
  IlluminationColorCodeSequence: 'x00480108',
  CodeMeaning: 'x00080104',
} as const;

export const VL_WHOLE_SLIDE_MICROSCOPY_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.77.1.6';

/** Item, item delimiter and sequence delimiter tags of an encapsulated Pixel Data element (group FFFE). */
export const ITEM_TAG = 0xe000fffe; // read as a little-endian uint32: FFFE,E000
export const SEQUENCE_DELIMITER_TAG = 0xe0ddfffe;

/**
 * How the frames of a transfer syntax are served. 'jpeg' frames are complete baseline JPEGs and are passed
 * through; 'none' frames are native samples; everything else is recognised, reported, and refused with
 * the decoder that would be needed.
 */
export interface TransferSyntaxInfo {
  name: string;
  /** The name used in SlideLevel.compression, shared with the TIFF reader ('jpeg', 'none', 'jpeg2000', …). */
  compression: string;
  encapsulated: boolean;
  explicitVr: boolean;
  /** null when frames can be served; otherwise what is missing, for the 'unsupported-compression' message. */
  missing: string | null;
}

const encapsulated = (name: string, compression: string, missing: string | null): TransferSyntaxInfo => ({
  name,
  compression,
  encapsulated: true,
  explicitVr: true,
  missing,
});

export const TRANSFER_SYNTAXES: Record<string, TransferSyntaxInfo> = {
  '1.2.840.10008.1.2': {
    name: 'Implicit VR Little Endian',
    compression: 'none',
    encapsulated: false,
    explicitVr: false,
    missing: null,
  },
  '1.2.840.10008.1.2.1': {
    name: 'Explicit VR Little Endian',
    compression: 'none',
    encapsulated: false,
    explicitVr: true,
    missing: null,
  },
  '1.2.840.10008.1.2.1.99': {
    name: 'Deflated Explicit VR Little Endian',
    compression: 'deflate',
    encapsulated: false,
    explicitVr: true,
    missing: 'a reader for deflated data sets (the whole data set would have to be inflated into memory)',
  },
  '1.2.840.10008.1.2.2': {
    name: 'Explicit VR Big Endian',
    compression: 'none',
    encapsulated: false,
    explicitVr: true,
    missing: 'big-endian sample support (retired transfer syntax)',
  },
  '1.2.840.10008.1.2.4.50': encapsulated('JPEG Baseline (Process 1)', 'jpeg', null),
  '1.2.840.10008.1.2.4.51': encapsulated(
    'JPEG Extended (Process 2 & 4)',
    'jpeg-extended',
    'a 12-bit JPEG decoder',
  ),
  '1.2.840.10008.1.2.4.57': encapsulated(
    'JPEG Lossless',
    'jpeg-lossless',
    'a lossless JPEG (process 14) decoder',
  ),
  '1.2.840.10008.1.2.4.70': encapsulated(
    'JPEG Lossless SV1',
    'jpeg-lossless',
    'a lossless JPEG (process 14) decoder',
  ),
  '1.2.840.10008.1.2.4.80': encapsulated('JPEG-LS Lossless', 'jpeg-ls', 'a JPEG-LS decoder (CharLS)'),
  '1.2.840.10008.1.2.4.81': encapsulated('JPEG-LS Near-Lossless', 'jpeg-ls', 'a JPEG-LS decoder (CharLS)'),
  '1.2.840.10008.1.2.4.90': encapsulated(
    'JPEG 2000 Lossless',
    'jpeg2000',
    'a JPEG 2000 decoder (OpenJPEG); sharp is built without it',
  ),
  '1.2.840.10008.1.2.4.91': encapsulated(
    'JPEG 2000',
    'jpeg2000',
    'a JPEG 2000 decoder (OpenJPEG); sharp is built without it',
  ),
  '1.2.840.10008.1.2.4.201': encapsulated(
    'HTJ2K Lossless',
    'htj2k',
    'a High-Throughput JPEG 2000 decoder (OpenJPH)',
  ),
  '1.2.840.10008.1.2.4.202': encapsulated(
    'HTJ2K Lossless RPCL',
    'htj2k',
    'a High-Throughput JPEG 2000 decoder (OpenJPH)',
  ),
  '1.2.840.10008.1.2.4.203': encapsulated('HTJ2K', 'htj2k', 'a High-Throughput JPEG 2000 decoder (OpenJPH)'),
  '1.2.840.10008.1.2.4.110': encapsulated('JPEG XL Lossless', 'jpegxl', 'a JPEG XL decoder'),
  '1.2.840.10008.1.2.4.111': encapsulated('JPEG XL JPEG Recompression', 'jpegxl', 'a JPEG XL decoder'),
  '1.2.840.10008.1.2.4.112': encapsulated('JPEG XL', 'jpegxl', 'a JPEG XL decoder'),
  '1.2.840.10008.1.2.5': encapsulated('RLE Lossless', 'rle', 'a DICOM RLE decoder'),
};

/**
 * Bounds far above any real slide (the largest scanners write ~200,000 px per side, ~1.5 million frames at
 * 256² with several focal planes) and far below what would exhaust memory.
 */
export const DicomLimits = {
  /** The header (everything before Pixel Data) is read in growing prefixes up to this size. */
  maxHeaderBytes: 64 * 1024 * 1024,
  firstHeaderRead: 64 * 1024,
  maxFrames: 4_000_000,
  maxDimension: 1 << 24,
  maxTileSide: 1 << 16,
  maxOpticalPaths: 64,
  maxFocalPlanes: 512,
  maxFrameBytes: 256 * 1024 * 1024,
  /** Fragments one frame may be split into. */
  maxFragmentsPerFrame: 4096,
  /** Instances one slide may be built from (a pyramid has a few dozen at most). */
  maxInstances: 1024,
} as const;
