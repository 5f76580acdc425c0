/** TIFF tag numbers the reader uses (TIFF 6.0, TIFF Technical Notes, Aperio and OME conventions). */
export const Tag = {
  NewSubfileType: 254,
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  Photometric: 262,
  ImageDescription: 270,
  StripOffsets: 273,
  SamplesPerPixel: 277,
  RowsPerStrip: 278,
  StripByteCounts: 279,
  XResolution: 282,
  YResolution: 283,
  PlanarConfiguration: 284,
  ResolutionUnit: 296,
  Software: 305,
  Predictor: 317,
  ColorMap: 320,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  SubIFDs: 330,
  ExtraSamples: 338,
  SampleFormat: 339,
  JPEGTables: 347,
  ImageDepth: 32997,
  IccProfile: 34675,
} as const;

/** Field types: byte size of one value. Index = type code; 0 = unknown type. */
export const FIELD_TYPE_SIZE: readonly number[] = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4, 0, 0, 8, 8, 8];

export const FieldType = {
  BYTE: 1,
  ASCII: 2,
  SHORT: 3,
  LONG: 4,
  RATIONAL: 5,
  SBYTE: 6,
  UNDEFINED: 7,
  SSHORT: 8,
  SLONG: 9,
  SRATIONAL: 10,
  FLOAT: 11,
  DOUBLE: 12,
  IFD: 13,
  LONG8: 16,
  SLONG8: 17,
  IFD8: 18,
} as const;

export const Compression = {
  None: 1,
  LZW: 5,
  OldJPEG: 6,
  JPEG: 7,
  AdobeDeflate: 8,
  Deflate: 32946,
  PackBits: 32773,
  Jpeg2000Aperio: 33003,
  Jpeg2000AperioRgb: 33005,
  Zstd: 50000,
} as const;

export const Photometric = {
  MinIsWhite: 0,
  MinIsBlack: 1,
  RGB: 2,
  Palette: 3,
  YCbCr: 6,
} as const;

/**
 * Limits that keep a corrupt or hostile file from exhausting memory or looping. They sit far above any real
 * slide: the largest scanners write about 200,000 px per side and a few dozen IFDs.
 */
export const Limits = {
  maxIfds: 4096,
  maxEntriesPerIfd: 4096,
  maxSubIfdDepth: 3,
  maxDimension: 1 << 24,
  maxTileSide: 1 << 16,
  maxChunks: 2 ** 31,
  /** Largest tag value loaded at once (descriptions, ICC profiles, JPEG tables). */
  maxValueBytes: 64 * 1024 * 1024,
  /** Largest stored tile or strip handed out. */
  maxChunkBytes: 256 * 1024 * 1024,
  /** Largest decoded tile or strip. */
  maxDecodedBytes: 256 * 1024 * 1024,
  maxSamplesPerPixel: 64,
} as const;
