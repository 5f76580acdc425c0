/**
 * The hashing half of the image checksum; the rule (which bytes) is @tessera/domain's checksumRanges.
 * Only the edges of each file are read, so registering a 10 GB slide costs two 5 MiB reads.
 */
import crypto from 'node:crypto';
import { open } from 'node:fs/promises';
import { checksumRanges, checksumSizeSuffix, combinedChecksumText } from '@tessera/domain';

export interface FileChecksum {
  checksum: string;
  size: number;
}

/** SHA-256 hex over checksumRanges(size) of the file, then its size in decimal. */
export async function fileChecksum(path: string): Promise<FileChecksum> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const hash = crypto.createHash('sha256');
    for (const range of checksumRanges(size)) {
      const buffer = Buffer.alloc(range.end - range.start);
      let read = 0;
      while (read < buffer.length) {
        const { bytesRead } = await handle.read(buffer, read, buffer.length - read, range.start + read);
        if (bytesRead === 0) throw new Error('The file changed while its checksum was computed');
        read += bytesRead;
      }
      hash.update(buffer);
    }
    hash.update(checksumSizeSuffix(size));
    return { checksum: hash.digest('hex'), size };
  } finally {
    await handle.close();
  }
}

/**
 * The checksum of a multi-file image (a DICOM series, an MRXS file with its folder): SHA-256 over the
 * files' own checksums, one per line, in the order given (callers sort paths), so the set is addressed as
 * a whole and a single-file image keeps its plain file checksum. Size is the total of the files.
 */
export async function imageChecksum(paths: readonly string[]): Promise<FileChecksum> {
  if (paths.length === 1) return fileChecksum(paths[0]!);
  const parts: FileChecksum[] = [];
  for (const path of paths) parts.push(await fileChecksum(path));
  const hash = crypto.createHash('sha256').update(combinedChecksumText(parts.map((p) => p.checksum)));
  return { checksum: hash.digest('hex'), size: parts.reduce((total, p) => total + p.size, 0) };
}
