/**
 * What the upload panel sends (issue #15 point 1): an item's checksum (packages/domain checksum.ts, hashed
 * here with Web Crypto; an item of several files combines its files'), the project's slide for that
 * checksum when the image is stored already ('available' — or linked from another project of the user,
 * without a copy), and the bytes over tus (`/v1/uploads`, tus-js-client) with progress, retries and
 * resuming an upload a closed tab or a cut network left unfinished. The server registers the slide when
 * the last byte of the item is in.
 */
import type * as tus from 'tus-js-client';
import { checksumRanges, checksumSizeSuffix, combinedChecksumText, UPLOAD_MESSAGES } from '@tessera/domain';
import { slides, uploads, type Slide } from '@tessera/contract';
import { ApiError, call, freshAccessToken } from './client.ts';

/** The server's code for a checksum no image has (getOrCreateSlide). */
const IMAGE_NOT_FOUND = 'IMAGE_NOT_FOUND';

/** SHA-256 over the first and last 5 MiB of the file, then its size in decimal: the server's checksum of it. */
export async function fileChecksum(file: Blob): Promise<string> {
  const parts = await Promise.all(
    checksumRanges(file.size).map((r) => file.slice(r.start, r.end).arrayBuffer()),
  );
  const suffix = new TextEncoder().encode(checksumSizeSuffix(file.size));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0) + suffix.length);
  let at = 0;
  for (const part of [...parts.map((p) => new Uint8Array(p)), suffix]) {
    bytes.set(part, at);
    at += part.length;
  }
  return sha256Hex(bytes);
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An item's checksum: its file's, or for several files (in the item's order) the hash of theirs. */
export async function itemChecksum(files: readonly Blob[]): Promise<string> {
  const sums: string[] = [];
  for (const file of files) sums.push(await fileChecksum(file));
  if (sums.length === 1) return sums[0]!;
  return sha256Hex(new TextEncoder().encode(combinedChecksumText(sums)));
}

/**
 * The key the files of an item of several share on the server (uploads.service.ts): kept in this browser
 * until the item ends, so the item's files resumed after the tab was closed join the same item.
 */
export const itemKeys = {
  storageKey: (projectId: string, checksum: string) => `tessera-upload-item:${projectId}:${checksum}`,
  keyFor(projectId: string, checksum: string): string {
    const storageKey = this.storageKey(projectId, checksum);
    const kept = localStorage.getItem(storageKey);
    if (kept) return kept;
    const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    localStorage.setItem(storageKey, key);
    return key;
  },
  forget(projectId: string, checksum: string): void {
    localStorage.removeItem(this.storageKey(projectId, checksum));
  },
};

/** The project's slide for a file already stored (made here when stored for another project of the user); null when it must be sent. */
export async function findStoredSlide(
  projectId: string,
  file: { name: string; checksum: string; firstFile?: string },
): Promise<Slide | null> {
  // A folder's item (a DICOM series) is named after the folder: its kind is its first file's.
  const kind = file.firstFile ?? file.name;
  const dot = kind.lastIndexOf('.');
  try {
    return await call(slides.getOrCreateSlide, {
      params: { projectId },
      body: {
        fileName: file.name,
        fileExtension: dot > 0 ? kind.slice(dot + 1) : 'unknown',
        checksum: file.checksum,
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === IMAGE_NOT_FOUND) return null;
    throw error;
  }
}

/** Waits this long before each retry of a failed request (a cut network, a restarting server): about two minutes in all. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000, 30_000];

export interface SendingFile {
  /** Gives up the request under way; the server keeps what it has, and a later send resumes from there. */
  abort(): Promise<void>;
  done: Promise<void>;
}

/** What a file's upload says of its item: the item's name and checksum, and its place in an item of several. */
export interface ItemOfFile {
  projectId: string;
  /** The item's (slide's) name. */
  name: string;
  checksum: string;
  /** For an item of several files. */
  part?: { itemKey: string; relativePath: string; fileCount: number };
}

/**
 * Sends a file's bytes to the project over tus, resuming an earlier upload of the same file when the
 * browser remembers one. `done` settles when the server has the file — for the last of an item, when it
 * has registered the slide — or with its refusal.
 */
export function sendFile(
  item: ItemOfFile,
  file: File,
  onProgress: (sent: number, total: number) => void,
): SendingFile {
  const { projectId, name, checksum, part } = item;
  let upload: tus.Upload | undefined;
  let stop: (error: Error) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    stop = reject;
    // The library loads with the first upload, not with every page that shows the upload button.
    import('tus-js-client')
      .then(async ({ Upload }) => {
        const metadata = {
          projectId,
          fileName: name,
          checksum,
          ...(part && {
            itemKey: part.itemKey,
            relativePath: part.relativePath,
            fileCount: String(part.fileCount),
          }),
        };
        const sending = new Upload(file, {
          endpoint: uploads.createUpload.path,
          metadata,
          // One part: the server takes parts sent at once (tus concatenation), but joining them into one
          // file on its folder store cost more than sending them at once saved (docs/benchmarks.md "upload").
          // Resumes only the same file of the same item into the same project.
          fingerprint: async () =>
            ['tessera', projectId, checksum, part?.relativePath ?? name, file.size, file.lastModified].join(
              '|',
            ),
          retryDelays: RETRY_DELAYS_MS,
          removeFingerprintOnSuccess: true,
          // The token can expire during a long upload: each request takes the current one.
          onBeforeRequest: async (req) => {
            const token = await freshAccessToken();
            if (token) req.setHeader('Authorization', `Bearer ${token}`);
          },
          onProgress,
          onSuccess: () => resolve(),
          onError: (error) => reject(refusalOf(error)),
        });
        upload = sending;
        const [previous] = await sending.findPreviousUploads();
        if (previous) sending.resumeFromPreviousUpload(previous);
        sending.start();
      })
      .catch(reject);
  });
  return {
    // tus-js-client says nothing more of an upload it aborts: `done` ends here.
    abort: async () => {
      await upload?.abort();
      stop(new Error(UPLOAD_MESSAGES.stopped));
    },
    done,
  };
}

/** The server's {code, message} of a refused request, else the client library's error. */
function refusalOf(error: Error): Error {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return error;
  try {
    const body = JSON.parse(response.getBody()) as { code?: string; message?: string };
    if (body.message) return new ApiError(response.getStatus(), body.code ?? '', body.message);
  } catch {
    // Not ours: tus's own text.
  }
  return new ApiError(response.getStatus(), '', response.getBody() || error.message);
}
