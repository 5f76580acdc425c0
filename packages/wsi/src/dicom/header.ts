import dicomParser, { type DataSet } from 'dicom-parser';
import { WsiError } from '../errors.ts';
import type { ByteSource } from '../source/byte-source.ts';
import { DicomLimits, DicomTag, TRANSFER_SYNTAXES, type TransferSyntaxInfo } from './constants.ts';

/** Where the Pixel Data element's value starts, and its length (null: undefined length, encapsulated). */
export interface PixelDataLocation {
  valueOffset: number;
  length: number | null;
}

/** The data set of one Part 10 file up to (not including) the value of its Pixel Data element. */
export interface DicomHeader {
  dataSet: DataSet;
  transferSyntaxUid: string;
  syntax: TransferSyntaxInfo;
  pixelData: PixelDataLocation;
}

const PREAMBLE_BYTES = 132;

/** True when the source starts like a DICOM Part 10 file: a 128-byte preamble and "DICM". */
export async function hasDicomMagic(source: ByteSource): Promise<boolean> {
  if (source.size < PREAMBLE_BYTES) return false;
  const magic = await source.read(128, 4);
  return magic.toString('latin1') === 'DICM';
}

/**
 * Reads the header of a DICOM file without loading its frames. dicom-parser needs the bytes in memory, so
 * it is given a growing prefix of the file (64 KiB, then ×4, up to 64 MiB) and told to stop at Pixel Data;
 * a slide's header is a few KiB, or a few MiB when per-frame functional groups list every tile. Frames are
 * then read by offset through the ByteSource.
 */
export async function readDicomHeader(source: ByteSource): Promise<DicomHeader> {
  if (!(await hasDicomMagic(source))) {
    throw new WsiError(
      source.size < PREAMBLE_BYTES ? 'truncated' : 'corrupt',
      'Not a DICOM Part 10 file (no "DICM" after the preamble)',
    );
  }
  let length = Math.min(source.size, DicomLimits.firstHeaderRead);
  for (;;) {
    const bytes = await source.read(0, length);
    const syntax = transferSyntaxOf(bytes, length === source.size);
    if (syntax === undefined) {
      // The meta header itself runs past this prefix: read more.
      length = nextLength(length, source.size);
      continue;
    }
    let dataSet: DataSet | undefined;
    let failure: unknown;
    try {
      dataSet = dicomParser.parseDicom(bytes, { untilTag: DicomTag.PixelData });
    } catch (error) {
      failure = error;
    }
    const element = dataSet?.elements[DicomTag.PixelData];
    if (dataSet && element) {
      return {
        dataSet,
        transferSyntaxUid: syntax.uid,
        syntax: syntax.info,
        pixelData: {
          valueOffset: element.dataOffset,
          length: element.length === 0xffffffff ? null : element.length,
        },
      };
    }
    if (length === source.size) throw headerError(failure);
    length = nextLength(length, source.size);
  }
}

function nextLength(length: number, size: number): number {
  if (length >= DicomLimits.maxHeaderBytes) {
    throw new WsiError(
      'too-large',
      `DICOM header is larger than ${DicomLimits.maxHeaderBytes} bytes (no Pixel Data found before it)`,
    );
  }
  if (length >= size) throw new WsiError('truncated', 'DICOM file ends inside its File Meta Information');
  return Math.min(size, length * 4, DicomLimits.maxHeaderBytes);
}

/**
 * The transfer syntax from the File Meta Information (group 0002), checked before the data set is parsed so
 * unsupported encodings fail with their name, and deflated data sets are never inflated into memory.
 * undefined: the meta header does not fit in this prefix yet.
 */
function transferSyntaxOf(
  bytes: Buffer,
  isWholeFile: boolean,
): { uid: string; info: TransferSyntaxInfo } | undefined {
  let uid: string | undefined;
  try {
    const meta = dicomParser.readPart10Header(bytes);
    uid = meta.string(DicomTag.TransferSyntaxUid);
  } catch (error) {
    if (!isWholeFile) return undefined;
    throw headerError(error);
  }
  if (!uid)
    throw new WsiError('corrupt', 'DICOM File Meta Information has no Transfer Syntax UID (0002,0010)');
  const info = TRANSFER_SYNTAXES[uid];
  if (!info)
    throw new WsiError('unsupported-compression', `DICOM transfer syntax ${uid} is not known to the reader`);
  if (!info.encapsulated && info.missing) {
    // Native but unreadable (deflated or big-endian data sets): the header cannot even be parsed lazily.
    throw new WsiError(
      'unsupported-compression',
      `DICOM transfer syntax ${info.name} (${uid}) needs ${info.missing}`,
    );
  }
  return { uid, info };
}

/**
 * dicom-parser throws strings, Errors, or `{exception, dataSet}` objects; every one becomes a WsiError.
 * A read past the end of the buffer when the whole file was given means the file is cut short.
 */
export function headerError(failure: unknown): WsiError {
  if (failure instanceof WsiError) return failure;
  if (failure === undefined)
    return new WsiError('truncated', 'DICOM file ends before its Pixel Data element');
  const inner =
    typeof failure === 'object' && failure !== null && 'exception' in failure
      ? (failure as { exception: unknown }).exception
      : failure;
  const message = inner instanceof Error ? inner.message : String(inner);
  // 'maxPosition' is dicom-parser's complaint about a sequence item that runs past the end of the buffer.
  const isShort = /past end|overrun|eof|end of buffer|beyond|maxP ?osition/i.test(message);
  return new WsiError(
    isShort ? 'truncated' : 'corrupt',
    `DICOM header cannot be parsed: ${message.slice(0, 200)}`,
  );
}
