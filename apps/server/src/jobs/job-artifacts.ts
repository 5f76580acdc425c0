/**
 * Files jobs write for users to fetch (issue #13: the annotation set version download; later label
 * extraction). A job writes `<dataDir>/job-artifacts/<jobId>` under a hidden partial name and renames it
 * into place, then names the file in its result (`artifact`: contract JobArtifact); the jobs routes
 * serve it from the same path. One file per job, so a job id is all it takes to find it.
 */
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';

export const jobArtifactDir = (dataDir: string): string => path.join(dataDir, 'job-artifacts');
export const jobArtifactPath = (artifactDir: string, jobId: string): string => path.join(artifactDir, jobId);

/** Writes the chunks to the job's artifact, whole or not at all; answers the bytes written. */
export async function writeJobArtifact(
  artifactDir: string,
  jobId: string,
  chunks: Iterable<string>,
): Promise<number> {
  await mkdir(artifactDir, { recursive: true });
  const partial = path.join(artifactDir, `.${jobId}.partial`);
  const file = await open(partial, 'w');
  let bytes = 0;
  try {
    // Chunks a few MB at a time: a million features never become one string.
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = async () => {
      const buffer = Buffer.from(pending.join(''));
      await file.write(buffer);
      bytes += buffer.length;
      pending = [];
      pendingLength = 0;
    };
    for (const chunk of chunks) {
      pending.push(chunk);
      pendingLength += chunk.length;
      if (pendingLength > 4 * 1024 * 1024) await flush();
    }
    await flush();
  } finally {
    await file.close();
  }
  await rename(partial, jobArtifactPath(artifactDir, jobId));
  return bytes;
}
