import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { WsiError } from '../errors.ts';
import type { AssociatedImageInfo, AssociatedImageKind } from '../formats/model.ts';
import type { RawTile } from '../slide.ts';
import type { ByteSource } from '../source/byte-source.ts';
import { FileSource } from '../source/file-source.ts';
import type { DecodedTile } from '../tiff/decode.ts';
import { DicomLimits } from './constants.ts';
import { hasDicomMagic } from './header.ts';
import { DicomInstance } from './instance.ts';
import { buildDicomLayout, type DicomLayout, type DicomSlideInfo } from './layout.ts';
import { decodeTile, readJpegPassthrough, readRawTile, type DicomTileRef } from './tiles.ts';
import { findPlane } from '../plane.ts';
import { gridToRgb, pictureKinds, readChunk, readThumbnailOf } from '../imaging/pictures.ts';
import type {
  PictureKind,
  RgbImage,
  Slide,
  SlideCapabilities,
  TiffPage,
  TileRead,
  TileReads,
} from '../imaging/slide-interface.ts';
import { readChunkedTile } from '../imaging/tile-reads.ts';

/** A label, overview or thumbnail instance; usually one frame, but tiled like a level when large. */
export class DicomAssociatedImage {
  constructor(
    readonly info: AssociatedImageInfo,
    readonly instance: DicomInstance,
  ) {}

  readRawTile(x = 0, y = 0): Promise<RawTile> {
    return readRawTile(this.ref(), x, y);
  }

  readJpegPassthrough(x = 0, y = 0): Promise<Buffer> {
    return readJpegPassthrough(this.ref(), x, y);
  }

  decodeTile(x = 0, y = 0): Promise<DecodedTile> {
    return decodeTile(this.ref(), x, y);
  }

  /** The whole image as RGB, its frames pasted in place. */
  toRgb(): Promise<RgbImage> {
    const { instance } = this;
    const isJpeg = instance.syntax.compression === 'jpeg';
    return gridToRgb({
      width: instance.width,
      height: instance.height,
      chunkWidth: instance.tileWidth,
      chunkHeight: instance.tileHeight,
      across: instance.tilesAcross,
      down: instance.tilesDown,
      read: (x, y) =>
        readChunk(
          isJpeg,
          () => this.readJpegPassthrough(x, y),
          () => this.decodeTile(x, y),
        ),
    });
  }

  private ref(): DicomTileRef {
    return { instance: this.instance, z: 0, path: 0 };
  }
}

/** The series found in a folder, and the DICOM files that could not be read (non-DICOM files are skipped). */
export interface DicomDirectory {
  slides: { key: string; paths: string[]; slide: DicomSlide }[];
  failures: { path: string; error: WsiError }[];
}

/**
 * A DICOM VL Whole Slide Microscopy slide: the instances of one series (one file per pyramid level, optical
 * path, or associated image), with the TiffSlide API — levels from 0 = full resolution, channel = optical
 * path, z = focal plane. Only headers are read at open; frames are read by offset when asked for.
 */
export class DicomSlide implements Slide {
  readonly capabilities: SlideCapabilities = {
    storedTiles: true,
    channelSamples: true,
    regions: false,
    tiffPages: false,
  };

  private constructor(
    private readonly sources: ByteSource[],
    private readonly layout: DicomLayout,
  ) {}

  /** Opens a single-file slide. */
  static open(path: string): Promise<DicomSlide> {
    return DicomSlide.openFiles([path]);
  }

  /** Opens the files of one series as one slide; files of another series are refused, not mixed in. */
  static async openFiles(paths: string[]): Promise<DicomSlide> {
    if (paths.length === 0) throw new WsiError('corrupt', 'No DICOM files given');
    if (paths.length > DicomLimits.maxInstances)
      throw new WsiError('too-large', `${paths.length} files is more than one slide may have`);
    const sources: ByteSource[] = [];
    try {
      for (const path of paths) sources.push(await openFileSource(path));
      return await DicomSlide.fromSources(sources);
    } catch (error) {
      await Promise.all(sources.map((s) => s.close()));
      throw error;
    }
  }

  /** Builds a slide from already opened sources (tests, uploads). The slide closes them on close(). */
  static async fromSources(sources: ByteSource[]): Promise<DicomSlide> {
    const instances: DicomInstance[] = [];
    for (const source of sources) instances.push(await DicomInstance.open(source));
    const keys = new Set(instances.map(dicomSeriesKey));
    if (keys.size > 1) {
      throw new WsiError(
        'unsupported',
        `The DICOM files belong to ${keys.size} different series; open one series at a time`,
      );
    }
    return new DicomSlide(sources, buildDicomLayout(instances));
  }

  /**
   * Opens every series of a folder (not recursive) as a slide. Files without the DICM signature are not
   * DICOM and are skipped; DICOM files that cannot be read are listed in `failures` with their reason.
   */
  static async openDirectory(dir: string): Promise<DicomDirectory> {
    let names: string[];
    try {
      names = (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
    } catch (error) {
      throw new WsiError(
        'corrupt',
        `Cannot read folder (${(error as NodeJS.ErrnoException).code ?? 'unknown'})`,
      );
    }
    const failures: DicomDirectory['failures'] = [];
    const groups = new Map<string, { path: string; instance: DicomInstance }[]>();
    let count = 0;
    for (const name of names) {
      const path = join(dir, name);
      let source: ByteSource | undefined;
      try {
        source = await openFileSource(path);
        if (!(await hasDicomMagic(source))) {
          await source.close();
          continue;
        }
        if (++count > DicomLimits.maxInstances)
          throw new WsiError('too-large', `More than ${DicomLimits.maxInstances} DICOM files in one folder`);
        const instance = await DicomInstance.open(source);
        const key = dicomSeriesKey(instance);
        groups.set(key, [...(groups.get(key) ?? []), { path, instance }]);
      } catch (error) {
        await source?.close();
        failures.push({ path, error: asWsiError(error) });
      }
    }
    const slides: DicomDirectory['slides'] = [];
    for (const [key, members] of groups) {
      const sources = members.map((m) => m.instance.source);
      try {
        slides.push({
          key,
          paths: members.map((m) => m.path),
          slide: new DicomSlide(sources, buildDicomLayout(members.map((m) => m.instance))),
        });
      } catch (error) {
        await Promise.all(sources.map((s) => s.close()));
        for (const m of members) failures.push({ path: m.path, error: asWsiError(error) });
      }
    }
    return { slides, failures };
  }

  get info(): DicomSlideInfo {
    return this.layout.info;
  }

  // async so that bad arguments reject like every other failure instead of throwing synchronously.
  async readRawTile(level: number, x: number, y: number, channel = 0, z = 0): Promise<RawTile> {
    return readRawTile(this.plane(level, channel, z), x, y);
  }

  /** A JPEG baseline frame as a complete JPEG for the browser (APP14 added for RGB-coded frames); never re-encoded. */
  async readJpegTilePassthrough(level: number, x: number, y: number, channel = 0, z = 0): Promise<Buffer> {
    return readJpegPassthrough(this.plane(level, channel, z), x, y);
  }

  /** Decodes a native (uncompressed) frame into typed samples. */
  async decodeTile(level: number, x: number, y: number, channel = 0, z = 0): Promise<DecodedTile> {
    return decodeTile(this.plane(level, channel, z), x, y);
  }

  readTile<K extends TileRead>(
    as: K,
    level: number,
    x: number,
    y: number,
    channel = 0,
    z = 0,
  ): Promise<TileReads[K]> {
    return readChunkedTile(this, as, level, x, y, channel, z);
  }

  async readRgbRegion(): Promise<Uint8Array> {
    throw new WsiError('unsupported', 'A DICOM series is read by frames, not regions');
  }

  async tiffPage(): Promise<TiffPage> {
    throw new WsiError('unsupported', 'A DICOM series is not a TIFF file');
  }

  async readPicture(kind: PictureKind): Promise<RgbImage | null> {
    for (const k of pictureKinds(kind)) {
      const image = this.associatedImage(k);
      if (image) return image.toRgb();
    }
    return null;
  }

  readThumbnail(): Promise<RgbImage> {
    return readThumbnailOf(this);
  }

  associatedImage(kind: AssociatedImageKind): DicomAssociatedImage | undefined {
    const instance = this.layout.associated.get(kind);
    const info = this.layout.info.associatedImages.find((a) => a.kind === kind);
    return instance && info ? new DicomAssociatedImage(info, instance) : undefined;
  }

  /** The ICC profile of the level-0 optical path, or null. */
  async readIccProfile(): Promise<Buffer | null> {
    return this.layout.iccProfile;
  }

  async close(): Promise<void> {
    await Promise.all(this.sources.map((s) => s.close()));
  }

  private plane(level: number, channel: number, z: number): DicomTileRef {
    const plane = findPlane(this.layout, level, channel, z);
    if (!plane)
      throw new WsiError('tile-missing', `Level ${level} has no instance for channel ${channel}, z ${z}`);
    return plane;
  }
}

/** Instances belong together when they share a Series Instance UID (else a Container Identifier). */
export function dicomSeriesKey(instance: DicomInstance): string {
  return (
    instance.seriesInstanceUid ??
    instance.containerIdentifier ??
    `instance:${instance.sopInstanceUid ?? 'unidentified'}`
  );
}

async function openFileSource(path: string): Promise<ByteSource> {
  try {
    return await FileSource.open(path);
  } catch (error) {
    // FileSource reports unopenable files with the TIFF reader's 'not-tiff'; for DICOM it is plainly unreadable.
    throw error instanceof WsiError ? new WsiError('corrupt', error.message) : asWsiError(error);
  }
}

function asWsiError(error: unknown): WsiError {
  return error instanceof WsiError ? error : new WsiError('corrupt', String(error));
}
