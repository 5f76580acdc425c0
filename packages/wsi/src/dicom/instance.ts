import type { DataSet } from 'dicom-parser';
import { WsiError } from '../errors.ts';
import type { ByteSource } from '../source/byte-source.ts';
import {
  DicomLimits,
  DicomTag,
  VL_WHOLE_SLIDE_MICROSCOPY_IMAGE_STORAGE,
  type TransferSyntaxInfo,
} from './constants.ts';
import { EncapsulatedFrames, NativeFrames, type FrameStore } from './frames.ts';
import { headerError, readDicomHeader } from './header.ts';
import { SparseTileIndex, readFramePositions } from './sparse.ts';
import {
  firstItem,
  readBytes,
  readItems,
  readNumbers,
  readString,
  readStrings,
  readUint16,
  readUint32,
  readUint64s,
} from './values.ts';

/** One optical path of an instance (one channel of a fluorescence slide; the only path of a brightfield one). */
export interface DicomOpticalPath {
  id: string;
  description: string | null;
  /** Illumination colour code meaning ('Full Spectrum', …), when given. */
  illuminationColor: string | null;
  objectiveLensPower: number | null;
  iccProfile: Buffer | null;
}

/**
 * One DICOM VL Whole Slide Microscopy instance: a pyramid level (ImageType value 3 VOLUME), or a LABEL,
 * OVERVIEW or THUMBNAIL image, with the geometry of its frames and where they are stored.
 */
export class DicomInstance {
  private constructor(
    readonly source: ByteSource,
    readonly dataSet: DataSet,
    readonly transferSyntaxUid: string,
    readonly syntax: TransferSyntaxInfo,
    readonly imageType: string[],
    readonly seriesInstanceUid: string | null,
    readonly containerIdentifier: string | null,
    readonly sopInstanceUid: string | null,
    readonly width: number,
    readonly height: number,
    readonly tileWidth: number,
    readonly tileHeight: number,
    readonly frameCount: number,
    readonly samplesPerPixel: number,
    readonly bitsAllocated: number,
    readonly pixelRepresentation: number,
    readonly photometric: string,
    readonly planarConfiguration: number,
    /** 'TILED_FULL', 'TILED_SPARSE', or 'TILED_FULL (implied)' when the attribute is absent but the frames fill the grid. */
    readonly dimensionOrganization: string,
    readonly opticalPaths: DicomOpticalPath[],
    readonly focalPlanes: number,
    /** (row, column) spacing in millimetres from the Pixel Measures functional group, or null. */
    readonly pixelSpacingMm: [number, number] | null,
    readonly sparse: SparseTileIndex | null,
    readonly frames: FrameStore,
  ) {}

  /** Reads and validates the header of one file. Every failure is a WsiError. */
  static async open(source: ByteSource): Promise<DicomInstance> {
    const header = await readDicomHeader(source);
    try {
      return await DicomInstance.fromHeader(source, header);
    } catch (error) {
      throw headerError(error);
    }
  }

  /** ImageType value 3: VOLUME, LABEL, OVERVIEW, THUMBNAIL. An absent ImageType is read as VOLUME. */
  get flavor(): string {
    return this.imageType[2]?.toUpperCase() ?? 'VOLUME';
  }

  get tilesAcross(): number {
    return Math.ceil(this.width / this.tileWidth);
  }

  get tilesDown(): number {
    return Math.ceil(this.height / this.tileHeight);
  }

  /** Bytes of one native frame (Rows × Columns × samples × bytes per sample). */
  get frameBytes(): number {
    return this.tileWidth * this.tileHeight * this.samplesPerPixel * (this.bitsAllocated / 8);
  }

  /**
   * The frame holding tile (x, y) of focal plane z and optical path `path` (an index into opticalPaths), or
   * undefined when a sparse instance has no frame there. TILED_FULL order (PS3.3 C.8.12.4.1.3): columns,
   * then rows, then focal planes, then optical paths.
   */
  frameIndex(x: number, y: number, z: number, path: number): number | undefined {
    if (
      !Number.isInteger(x) ||
      !Number.isInteger(y) ||
      x < 0 ||
      y < 0 ||
      x >= this.tilesAcross ||
      y >= this.tilesDown
    ) {
      throw new WsiError(
        'out-of-range',
        `Tile (${x}, ${y}) is outside the ${this.tilesAcross}×${this.tilesDown} tile grid`,
      );
    }
    if (this.sparse) return this.sparse.frameOf(x, y, z, path);
    return x + this.tilesAcross * (y + this.tilesDown * (z + this.focalPlanes * path));
  }

  private static async fromHeader(
    source: ByteSource,
    header: Awaited<ReturnType<typeof readDicomHeader>>,
  ): Promise<DicomInstance> {
    const ds = header.dataSet;
    const sopClass = readString(ds, DicomTag.SopClassUid);
    if (sopClass !== undefined && sopClass !== VL_WHOLE_SLIDE_MICROSCOPY_IMAGE_STORAGE) {
      // A CT, MR or plain VL photograph has no tile grid or pyramid; it is not a slide.
      throw new WsiError(
        'unsupported',
        `DICOM SOP Class ${sopClass} is not VL Whole Slide Microscopy Image Storage`,
      );
    }
    const tileWidth = readUint16(ds, DicomTag.Columns) ?? 0;
    const tileHeight = readUint16(ds, DicomTag.Rows) ?? 0;
    if (!isSide(tileWidth, DicomLimits.maxTileSide) || !isSide(tileHeight, DicomLimits.maxTileSide)) {
      throw new WsiError('corrupt', `Frame size ${tileWidth}×${tileHeight} (Columns × Rows) is not valid`);
    }
    // Labels and overviews are often single frames without a Total Pixel Matrix: the frame is the image.
    const width = readUint32(ds, DicomTag.TotalPixelMatrixColumns) ?? tileWidth;
    const height = readUint32(ds, DicomTag.TotalPixelMatrixRows) ?? tileHeight;
    if (!isSide(width, DicomLimits.maxDimension) || !isSide(height, DicomLimits.maxDimension)) {
      throw new WsiError('too-large', `Total Pixel Matrix ${width}×${height} is not accepted`);
    }
    const frameCount = readNumbers(ds, DicomTag.NumberOfFrames)[0] ?? 1;
    if (!Number.isInteger(frameCount) || frameCount < 1)
      throw new WsiError('corrupt', `Number of Frames ${frameCount} is not valid`);
    if (frameCount > DicomLimits.maxFrames)
      throw new WsiError('too-large', `${frameCount} frames is more than the reader accepts`);
    const samplesPerPixel = readUint16(ds, DicomTag.SamplesPerPixel) ?? 1;
    if (samplesPerPixel !== 1 && samplesPerPixel !== 3)
      throw new WsiError('unsupported', `Samples per Pixel ${samplesPerPixel} is not supported`);
    const bitsAllocated = readUint16(ds, DicomTag.BitsAllocated) ?? 8;
    if (bitsAllocated !== 8 && bitsAllocated !== 16 && bitsAllocated !== 32) {
      throw new WsiError('unsupported', `Bits Allocated ${bitsAllocated} is not supported`);
    }
    const pixelRepresentation = readUint16(ds, DicomTag.PixelRepresentation) ?? 0;
    const photometric =
      readString(ds, DicomTag.PhotometricInterpretation) ?? (samplesPerPixel === 3 ? 'RGB' : 'MONOCHROME2');
    const planarConfiguration = readUint16(ds, DicomTag.PlanarConfiguration) ?? 0;
    const opticalPaths = readOpticalPaths(ds);
    const focalPlanes = readUint32(ds, DicomTag.TotalPixelMatrixFocalPlanes) ?? 1;
    if (!isSide(focalPlanes, DicomLimits.maxFocalPlanes))
      throw new WsiError('too-large', `${focalPlanes} focal planes is not accepted`);

    const declared = readString(ds, DicomTag.DimensionOrganizationType)?.toUpperCase();
    const gridFrames =
      Math.ceil(width / tileWidth) * Math.ceil(height / tileHeight) * focalPlanes * opticalPaths.length;
    if (gridFrames > DicomLimits.maxFrames)
      throw new WsiError('too-large', `A tile grid of ${gridFrames} frames is more than the reader accepts`);
    let sparse: SparseTileIndex | null = null;
    let dimensionOrganization: string;
    if (declared === 'TILED_FULL' || (declared === undefined && frameCount === gridFrames)) {
      if (frameCount < gridFrames)
        throw new WsiError(
          'corrupt',
          `TILED_FULL instance has ${frameCount} frames for a grid of ${gridFrames} tiles`,
        );
      dimensionOrganization = declared ?? 'TILED_FULL (implied)';
    } else {
      const positions = readFramePositions(ds, frameCount, opticalPaths[0]!.id);
      if (!positions) {
        throw new WsiError(
          'unsupported',
          `Dimension Organization ${declared ?? '(none)'} without per-frame positions cannot be read as tiles`,
        );
      }
      sparse = SparseTileIndex.build(positions, tileWidth, tileHeight);
      dimensionOrganization = declared ?? 'TILED_SPARSE (implied)';
    }

    const sharedMeasures = firstItem(
      ds,
      DicomTag.SharedFunctionalGroupsSequence,
      DicomTag.PixelMeasuresSequence,
    );
    const spacing = readNumbers(sharedMeasures ?? ds, DicomTag.PixelSpacing);
    const pixelSpacingMm: [number, number] | null =
      spacing.length >= 2 && spacing[0]! > 0 && spacing[1]! > 0 ? [spacing[0]!, spacing[1]!] : null;

    const frameBytes = tileWidth * tileHeight * samplesPerPixel * (bitsAllocated / 8);
    if (frameBytes > DicomLimits.maxFrameBytes)
      throw new WsiError('too-large', `Frames of ${frameBytes} bytes are larger than the reader accepts`);
    const frames = await openFrames(
      source,
      header.dataSet,
      header.syntax,
      header.pixelData,
      frameCount,
      frameBytes,
    );
    return new DicomInstance(
      source,
      ds,
      header.transferSyntaxUid,
      header.syntax,
      readStrings(ds, DicomTag.ImageType).map((v) => v.toUpperCase()),
      readString(ds, DicomTag.SeriesInstanceUid) ?? null,
      readString(ds, DicomTag.ContainerIdentifier) ?? null,
      readString(ds, DicomTag.SopInstanceUid) ?? null,
      width,
      height,
      tileWidth,
      tileHeight,
      frameCount,
      samplesPerPixel,
      bitsAllocated,
      pixelRepresentation,
      photometric.toUpperCase(),
      planarConfiguration,
      dimensionOrganization,
      sparse ? sparsePaths(sparse, opticalPaths) : opticalPaths,
      sparse ? Math.max(1, sparse.zOffsets.length) : focalPlanes,
      pixelSpacingMm,
      sparse,
      frames,
    );
  }
}

function isSide(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= max;
}

async function openFrames(
  source: ByteSource,
  ds: DataSet,
  syntax: TransferSyntaxInfo,
  pixelData: { valueOffset: number; length: number | null },
  frameCount: number,
  frameBytes: number,
): Promise<FrameStore> {
  if (!syntax.encapsulated) {
    if (pixelData.length === null) throw new WsiError('corrupt', 'Native Pixel Data has an undefined length');
    if (pixelData.length < frameCount * frameBytes) {
      throw new WsiError(
        'corrupt',
        `Pixel Data holds ${pixelData.length} bytes, ${frameCount} frames need ${frameCount * frameBytes}`,
      );
    }
    if (pixelData.valueOffset + frameCount * frameBytes > source.size) {
      throw new WsiError(
        'truncated',
        `File ends inside its Pixel Data (${source.size} bytes, frames end at ${pixelData.valueOffset + frameCount * frameBytes})`,
      );
    }
    return new NativeFrames(source, pixelData.valueOffset, frameBytes);
  }
  if (pixelData.length !== null)
    throw new WsiError('corrupt', 'Encapsulated Pixel Data must have an undefined length');
  const offsets = readUint64s(ds, DicomTag.ExtendedOffsetTable);
  const lengths = readUint64s(ds, DicomTag.ExtendedOffsetTableLengths);
  const extended = offsets && lengths ? { offsets, lengths } : null;
  return EncapsulatedFrames.open(source, pixelData.valueOffset, frameCount, extended);
}

/**
 * The optical paths of the Optical Path Sequence, in file order; one unnamed path when the file lists none
 * (older brightfield files). Objective lens power and the ICC profile live in these items.
 */
function readOpticalPaths(ds: DataSet): DicomOpticalPath[] {
  const items = readItems(ds, DicomTag.OpticalPathSequence);
  if (items.length > DicomLimits.maxOpticalPaths)
    throw new WsiError('too-large', `${items.length} optical paths is more than the reader accepts`);
  const paths = items.map((item, index) => {
    const power = readNumbers(item, DicomTag.ObjectiveLensPower)[0];
    return {
      id: readString(item, DicomTag.OpticalPathIdentifier) ?? String(index),
      description: readString(item, DicomTag.OpticalPathDescription) ?? null,
      illuminationColor:
        readString(firstItem(item, DicomTag.IlluminationColorCodeSequence) ?? item, DicomTag.CodeMeaning) ??
        null,
      objectiveLensPower: power !== undefined && power > 0 ? power : null,
      iccProfile: readBytes(item, DicomTag.IccProfile) ?? null,
    };
  });
  if (paths.length === 0) {
    const iccProfile = readBytes(ds, DicomTag.IccProfile) ?? null;
    paths.push({ id: '0', description: null, illuminationColor: null, objectiveLensPower: null, iccProfile });
  }
  const declared = readUint32(ds, DicomTag.NumberOfOpticalPaths);
  if (
    declared !== undefined &&
    declared !== paths.length &&
    declared > 0 &&
    declared <= DicomLimits.maxOpticalPaths &&
    items.length === 0
  ) {
    // The count is given but the sequence is not: name the paths by number so the frame order still works.
    for (let i = paths.length; i < declared; i++)
      paths.push({ ...paths[0]!, id: String(i), iccProfile: null });
  }
  return paths;
}

/** A sparse instance's paths in the order its frames name them, with the sequence's details where known. */
function sparsePaths(sparse: SparseTileIndex, listed: DicomOpticalPath[]): DicomOpticalPath[] {
  return sparse.opticalPaths.map(
    (id) =>
      listed.find((p) => p.id === id) ?? {
        id,
        description: null,
        illuminationColor: null,
        objectiveLensPower: null,
        iccProfile: null,
      },
  );
}
