import type { DataSet } from 'dicom-parser';
import { WsiError } from '../errors.ts';
import { DicomLimits, DicomTag } from './constants.ts';

/** Where one frame of a TILED_SPARSE instance sits: 1-based pixel position, focal plane offset, optical path. */
export interface FramePosition {
  column: number;
  row: number;
  zOffset: number;
  opticalPath: string;
}

/**
 * The tile grid of a TILED_SPARSE instance: frame index by tile (x, y), focal plane z and optical path.
 * Frames are listed in any order and tiles may be absent (no tissue); z planes are the distinct Z offsets in
 * ascending order. Frames whose position is not on the tile grid cannot be served as tiles, so they make
 * the instance unusable rather than silently misplaced.
 */
export class SparseTileIndex {
  private constructor(
    private readonly frames: Map<string, number>,
    readonly zOffsets: number[],
    readonly opticalPaths: string[],
  ) {}

  static build(positions: FramePosition[], tileWidth: number, tileHeight: number): SparseTileIndex {
    const zOffsets = [...new Set(positions.map((p) => p.zOffset))].sort((a, b) => a - b);
    const opticalPaths = [...new Set(positions.map((p) => p.opticalPath))];
    if (zOffsets.length > DicomLimits.maxFocalPlanes)
      throw new WsiError('too-large', `${zOffsets.length} focal planes`);
    if (opticalPaths.length > DicomLimits.maxOpticalPaths)
      throw new WsiError('too-large', `${opticalPaths.length} optical paths`);
    const frames = new Map<string, number>();
    positions.forEach((p, frame) => {
      if ((p.column - 1) % tileWidth !== 0 || (p.row - 1) % tileHeight !== 0 || p.column < 1 || p.row < 1) {
        throw new WsiError(
          'unsupported',
          `TILED_SPARSE frame ${frame} at (${p.column}, ${p.row}) is not on the ${tileWidth}×${tileHeight} tile grid`,
        );
      }
      const key = tileKey(
        (p.column - 1) / tileWidth,
        (p.row - 1) / tileHeight,
        zOffsets.indexOf(p.zOffset),
        opticalPaths.indexOf(p.opticalPath),
      );
      // The first frame for a position wins; later duplicates are ignored, as viewers do.
      if (!frames.has(key)) frames.set(key, frame);
    });
    return new SparseTileIndex(frames, zOffsets, opticalPaths);
  }

  /** The frame of a tile, or undefined when the file has no frame there. */
  frameOf(x: number, y: number, z: number, opticalPath: number): number | undefined {
    return this.frames.get(tileKey(x, y, z, opticalPath));
  }

  get frameCount(): number {
    return this.frames.size;
  }
}

function tileKey(x: number, y: number, z: number, path: number): string {
  return `${x},${y},${z},${path}`;
}

/**
 * Reads the Plane Position (Slide) and Optical Path Identification of every item of the Per-frame
 * Functional Groups Sequence; values missing from a frame come from the Shared Functional Groups.
 * Returns null when the file has no per-frame positions.
 */
export function readFramePositions(
  dataSet: DataSet,
  frameCount: number,
  defaultOpticalPath: string,
): FramePosition[] | null {
  const perFrame = dataSet.elements[DicomTag.PerFrameFunctionalGroupsSequence]?.items;
  if (!perFrame || perFrame.length === 0) return null;
  if (perFrame.length !== frameCount) {
    throw new WsiError(
      'corrupt',
      `Per-frame Functional Groups list ${perFrame.length} frames, Number of Frames is ${frameCount}`,
    );
  }
  const shared = dataSet.elements[DicomTag.SharedFunctionalGroupsSequence]?.items?.[0]?.dataSet;
  const sharedPath = shared ? opticalPathOf(shared) : undefined;
  const positions: FramePosition[] = [];
  for (const item of perFrame) {
    const group = item.dataSet;
    const plane = group?.elements[DicomTag.PlanePositionSlideSequence]?.items?.[0]?.dataSet;
    // SL values: int32 reads them the same way in explicit and implicit VR files.
    const column = plane?.int32(DicomTag.ColumnPositionInTotalImagePixelMatrix);
    const row = plane?.int32(DicomTag.RowPositionInTotalImagePixelMatrix);
    if (column === undefined || row === undefined || !Number.isFinite(column) || !Number.isFinite(row)) {
      throw new WsiError('corrupt', `Frame ${positions.length} has no Plane Position (Slide)`);
    }
    const zOffset = plane?.floatString(DicomTag.ZOffsetInSlideCoordinateSystem) ?? 0;
    positions.push({
      column,
      row,
      zOffset: Number.isFinite(zOffset) ? zOffset : 0,
      opticalPath: (group && opticalPathOf(group)) ?? sharedPath ?? defaultOpticalPath,
    });
  }
  return positions;
}

function opticalPathOf(group: DataSet): string | undefined {
  return group.elements[DicomTag.OpticalPathIdentificationSequence]?.items?.[0]?.dataSet?.string(
    DicomTag.OpticalPathIdentifier,
  );
}
