import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dicomParser from 'dicom-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { WsiError } from '../errors.ts';
import { BufferSource } from '../source/byte-source.ts';
import { slidePath } from '../../test/slides.ts';
import { DicomTag } from './constants.ts';
import { DicomSlide } from './slide.ts';
import { SparseTileIndex } from './sparse.ts';

/*
 * Bad and unusual input, made by patching the real test files in memory (same-length edits, so every
 * offset stays valid) and, where dcmtk is installed, by re-encoding them with dcmconv.
 */
const SM_IMAGE = readFileSync(slidePath('dicom/highdicom-sm/sm_image.dcm'));
const BOXES_0 = readFileSync(slidePath('dicom/openslide-boxes/boxes_0.dcm'));

/** dcmtk (Debian package dcmtk) is a test-time tool only; without it the tests that need it are skipped. */
function hasTool(name: string): boolean {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function open(bytes: Buffer): Promise<DicomSlide> {
  return DicomSlide.fromSources([new BufferSource(bytes)]);
}

/** A copy of `bytes` with the value of a top-level element overwritten (same length). */
function patchValue(bytes: Buffer, tag: string, value: Buffer): Buffer {
  const element = dicomParser.parseDicom(bytes, { untilTag: DicomTag.PixelData }).elements[tag]!;
  expect(value.length).toBe(element.length);
  const copy = Buffer.from(bytes);
  value.copy(copy, element.dataOffset);
  return copy;
}

function patchTransferSyntax(bytes: Buffer, from: string, to: string): Buffer {
  const at = bytes.indexOf(from, 132, 'latin1');
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(bytes);
  copy.write(to.padEnd(from.length, '\0'), at, 'latin1');
  return copy;
}

describe('transfer syntaxes', () => {
  it('JPEG 2000 frames are recognised; tiles fail naming the missing decoder', async () => {
    const j2k = patchTransferSyntax(BOXES_0, '1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.4.91');
    const slide = await open(j2k);
    expect(slide.info.levels[0]!.compression).toBe('jpeg2000');
    expect(slide.info.properties['dicom.TransferSyntax']).toBe('JPEG 2000');
    expect((await slide.readRawTile(0, 0, 0)).bytes.length).toBe(564);
    const failure = await slide.readJpegTilePassthrough(0, 0, 0).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WsiError);
    expect(failure).toMatchObject({ code: 'unsupported-compression' });
    expect((failure as Error).message).toMatch(/JPEG 2000 decoder \(OpenJPEG\)/);
    await expect(slide.decodeTile(0, 0, 0)).rejects.toMatchObject({ code: 'unsupported-compression' });
  });

  it('an unknown transfer syntax, and deflated data sets, are refused at open', async () => {
    await expect(
      open(patchTransferSyntax(BOXES_0, '1.2.840.10008.1.2.4.50', '1.2.3.4')),
    ).rejects.toMatchObject({ code: 'unsupported-compression' });
    // Both UIDs are 22 characters, so the patch keeps every offset.
    await expect(
      open(patchTransferSyntax(BOXES_0, '1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.1.99')),
    ).rejects.toMatchObject({
      code: 'unsupported-compression',
      message: expect.stringMatching(/Deflated/),
    });
  });

  const dcmconv = hasTool('dcmconv');
  const work = mkdtempSync(join(tmpdir(), 'tessera-dicom-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // dcmtk's dcmconv +ti re-encodes the file as implicit VR little endian; the frames must not change.
  it.skipIf(!dcmconv)(
    'implicit VR little endian (dcmconv +ti) reads the same frames as explicit VR',
    async () => {
      const implicitPath = join(work, 'sm_implicit.dcm');
      execFileSync('dcmconv', ['+ti', slidePath('dicom/highdicom-sm/sm_image.dcm'), implicitPath]);
      const implicit = await DicomSlide.open(implicitPath);
      const explicit = await open(SM_IMAGE);
      try {
        expect(implicit.info.properties['dicom.TransferSyntaxUID']).toBe('1.2.840.10008.1.2');
        expect({ ...implicit.info, properties: {} }).toEqual({ ...explicit.info, properties: {} });
        for (const [x, y] of [
          [0, 0],
          [4, 4],
          [2, 3],
        ] as const) {
          const a = await implicit.decodeTile(0, x, y);
          const b = await explicit.decodeTile(0, x, y);
          expect(Buffer.from(a.data as Uint8Array).equals(Buffer.from(b.data as Uint8Array))).toBe(true);
        }
      } finally {
        await implicit.close();
      }
    },
  );
});

describe('TILED_SPARSE through Per-frame Functional Groups', () => {
  const dcmodify = hasTool('dcmodify');
  const work = mkdtempSync(join(tmpdir(), 'tessera-dicom-sparse-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // dcmtk's dcmodify turns sm_image.dcm into a TILED_SPARSE file whose 25 frames list their tiles in reverse
  // order (frame f at tile 24 − f) through Plane Position (Slide) column/row positions.
  it.skipIf(!dcmodify)('tiles are found by their plane positions, not by frame order', async () => {
    const path = join(work, 'sparse.dcm');
    const args = ['-nb', '-i', '(0020,9311)=TILED_SPARSE'];
    for (let f = 0; f < 25; f++) {
      const tile = 24 - f;
      args.push('-i', `(5200,9230)[${f}].(0048,021a)[0].(0048,021e)=${(tile % 5) * 10 + 1}`);
      args.push('-i', `(5200,9230)[${f}].(0048,021a)[0].(0048,021f)=${Math.floor(tile / 5) * 10 + 1}`);
    }
    writeFileSync(path, SM_IMAGE);
    execFileSync('dcmodify', [...args, path]);
    const sparse = await DicomSlide.open(path);
    const full = await open(SM_IMAGE);
    try {
      expect(sparse.info.properties['dicom.DimensionOrganizationType']).toBe('TILED_SPARSE');
      expect(sparse.info.levels).toEqual(full.info.levels);
      for (const [x, y] of [
        [0, 0],
        [4, 4],
        [1, 3],
      ] as const) {
        const tile = x + 5 * y;
        const fromSparse = (await sparse.readRawTile(0, x, y)).bytes;
        const fromFull = (await full.readRawTile(0, (24 - tile) % 5, Math.floor((24 - tile) / 5))).bytes;
        expect(fromSparse.equals(fromFull)).toBe(true);
      }
    } finally {
      await sparse.close();
    }
  });
});

describe('bounds and damage', () => {
  it('an absurd Total Pixel Matrix is too-large', async () => {
    const huge = Buffer.alloc(4);
    huge.writeUInt32LE(0xffffffff);
    await expect(open(patchValue(SM_IMAGE, DicomTag.TotalPixelMatrixColumns, huge))).rejects.toMatchObject({
      code: 'too-large',
    });
  });

  it('a frame count the Pixel Data cannot hold is corrupt; an absurd one is too-large', async () => {
    // NumberOfFrames is IS "25" (2 bytes).
    await expect(
      open(patchValue(SM_IMAGE, DicomTag.NumberOfFrames, Buffer.from('99'))),
    ).rejects.toMatchObject({ code: 'corrupt' });
    const element = dicomParser.parseDicom(SM_IMAGE, { untilTag: DicomTag.PixelData }).elements[
      DicomTag.NumberOfFrames
    ]!;
    const manyFrames = Buffer.concat([
      SM_IMAGE.subarray(0, element.dataOffset - 2),
      Buffer.from([10, 0]),
      Buffer.from('9999999999'),
      SM_IMAGE.subarray(element.dataOffset + 2),
    ]);
    await expect(open(manyFrames)).rejects.toMatchObject({ code: 'too-large' });
  });

  it('fewer frames than the TILED_FULL grid is corrupt', async () => {
    await expect(
      open(patchValue(SM_IMAGE, DicomTag.NumberOfFrames, Buffer.from('24'))),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('files cut short are truncated, in the header or in the frames', async () => {
    await expect(open(SM_IMAGE.subarray(0, 100))).rejects.toMatchObject({ code: 'truncated' });
    await expect(open(SM_IMAGE.subarray(0, 2000))).rejects.toMatchObject({ code: 'truncated' });
    await expect(open(SM_IMAGE.subarray(0, SM_IMAGE.length - 10))).rejects.toMatchObject({
      code: 'truncated',
    });
    const cutJpeg = await open(BOXES_0.subarray(0, BOXES_0.length - 200));
    await expect(cutJpeg.readJpegTilePassthrough(0, 0, 0)).rejects.toMatchObject({ code: 'truncated' });
  });

  it('a file that is not DICOM is corrupt', async () => {
    await expect(open(readFileSync(slidePath('boxes.tiff')))).rejects.toMatchObject({ code: 'corrupt' });
    await expect(DicomSlide.open('/nonexistent/file.dcm')).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('a DICOM image that is not a whole-slide image is refused', async () => {
    // SOP Class UID 1.2.840.10008.5.1.4.1.1.77.1.6 → …1.77.1.4 (VL Photographic Image), same length.
    const photo = patchValue(BOXES_0, DicomTag.SopClassUid, Buffer.from('1.2.840.10008.5.1.4.1.1.77.1.4'));
    await expect(open(photo)).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringMatching(/not VL Whole Slide/),
    });
  });

  it('a JPEG fragment that is not a JPEG is corrupt at passthrough', async () => {
    const broken = Buffer.from(BOXES_0);
    const soi = broken.indexOf(Buffer.from([0xff, 0xd8, 0xff, 0xee]));
    broken[soi + 1] = 0x00;
    const slide = await open(broken);
    await expect(slide.readJpegTilePassthrough(0, 0, 0)).rejects.toMatchObject({ code: 'corrupt' });
  });
});

describe('TILED_SPARSE tile index', () => {
  const positions = [
    { column: 257, row: 1, zOffset: 0, opticalPath: '1' },
    { column: 1, row: 1, zOffset: 0, opticalPath: '1' },
    { column: 1, row: 257, zOffset: 2.5, opticalPath: '1' },
    { column: 1, row: 257, zOffset: 0, opticalPath: 'DAPI' },
    { column: 1, row: 1, zOffset: 0, opticalPath: '1' }, // duplicate of frame 1: ignored
  ];

  it('maps tile, focal plane and optical path to the frame listed for them; absent tiles are undefined', () => {
    const index = SparseTileIndex.build(positions, 256, 256);
    expect(index.zOffsets).toEqual([0, 2.5]);
    expect(index.opticalPaths).toEqual(['1', 'DAPI']);
    expect(index.frameOf(1, 0, 0, 0)).toBe(0);
    expect(index.frameOf(0, 0, 0, 0)).toBe(1);
    expect(index.frameOf(0, 1, 1, 0)).toBe(2);
    expect(index.frameOf(0, 1, 0, 1)).toBe(3);
    expect(index.frameOf(0, 1, 0, 0)).toBeUndefined();
    expect(index.frameCount).toBe(4);
  });

  it('frames off the tile grid are refused', () => {
    expect(() =>
      SparseTileIndex.build([{ column: 100, row: 1, zOffset: 0, opticalPath: '1' }], 256, 256),
    ).toThrow(WsiError);
  });
});
