/**
 * The work of a transfer, a slide at a time (run by the transfer-slides and transfer-annotations jobs):
 * a slide's original files — a multi-file slide keeps its layout, relative to its first file — or each
 * of its annotation sets as one QuPath GeoJSON file, written into the destination folder. Every file is
 * written under a temporary name and renamed into place, so what another system collects is always
 * whole. A slide file already there with the same size is left as it is (a rerun goes on where it
 * stopped); a different file of that name is never overwritten. Annotation files are written anew.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { annotationTransferFileName, TRANSFER_TEXTS, type TransferReport } from '@tessera/domain';
import type { BlobStore } from '../../blob-store/blob-store.ts';
import type { Db } from '../../db/database.ts';
import { featureCollectionText, qupathFeatures } from '../annotations/annotation-export.ts';
import { findSlideSets } from '../annotations/annotation-sets.queries.ts';
import { findTransferSlide } from './transfers.queries.ts';

export interface TransferTarget {
  projectId: string;
  /** The destination folder, absolute, inside the transfer area (resolved again by the job). */
  destination: string;
  /** Tells this job's partial files from another's. */
  jobId: string;
}

const report = (slideId: string, over: Partial<TransferReport>): TransferReport => ({
  slideId,
  fileName: '',
  outcome: 'failed',
  files: [],
  reason: null,
  ...over,
});

/** Writes `write`'s file as `target`, through a temporary name beside it. */
async function writeWhole(target: string, jobId: string, write: (temporary: string) => Promise<void>) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${jobId}.part`;
  try {
    await write(temporary);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export async function transferSlideFiles(
  { db, blobs }: { db: Db; blobs: BlobStore },
  plan: TransferTarget,
  slideId: string,
): Promise<TransferReport> {
  const slide = await findTransferSlide(db, plan.projectId, slideId);
  if (!slide) return report(slideId, { reason: `Slide ${slideId} is not in this project` });
  const fileName = slide.file_name;
  const sources = JSON.parse(slide.storage_paths) as string[];
  if (sources.length === 0) return report(slideId, { fileName, reason: TRANSFER_TEXTS.noFile });
  const base = path.dirname(sources[0]!);
  const files = sources.map((source) => {
    const relative = path.relative(base, source);
    return { source, relative: relative.startsWith('..') ? path.basename(source) : relative };
  });
  try {
    let written = 0;
    for (const { source: stored, relative } of files) {
      const source = await blobs.localFile(stored);
      const target = path.join(plan.destination, relative);
      const [there, size] = await Promise.all([
        fs.stat(target).catch(() => null),
        fs.stat(source).then((s) => s.size),
      ]);
      if (there && there.size === size) continue;
      if (there) return report(slideId, { fileName, reason: TRANSFER_TEXTS.differentFileThere(relative) });
      await writeWhole(target, plan.jobId, (temporary) => fs.copyFile(source, temporary));
      written += 1;
    }
    const names = files.map((f) => f.relative);
    return written > 0
      ? report(slideId, { fileName, outcome: 'written', files: names })
      : report(slideId, { fileName, outcome: 'skipped', files: names, reason: TRANSFER_TEXTS.alreadyThere });
  } catch (error) {
    return report(slideId, { fileName, reason: error instanceof Error ? error.message : String(error) });
  }
}

export async function transferSlideAnnotations(
  { db }: { db: Db },
  plan: TransferTarget,
  slideId: string,
): Promise<TransferReport> {
  const slide = await findTransferSlide(db, plan.projectId, slideId);
  if (!slide) return report(slideId, { reason: `Slide ${slideId} is not in this project` });
  const fileName = slide.file_name;
  const sets = await findSlideSets(db, slideId);
  if (sets.length === 0)
    return report(slideId, { fileName, outcome: 'skipped', reason: TRANSFER_TEXTS.noAnnotationSets });
  try {
    const names: string[] = [];
    for (const set of sets) {
      const name = annotationTransferFileName(slide.name, set.name);
      const features = await qupathFeatures(db, plan.projectId, set.id);
      await writeWhole(path.join(plan.destination, name), plan.jobId, (temporary) =>
        pipeline(Readable.from(featureCollectionText(features)), createWriteStream(temporary)),
      );
      names.push(name);
    }
    return report(slideId, { fileName, outcome: 'written', files: names });
  } catch (error) {
    return report(slideId, { fileName, reason: error instanceof Error ? error.message : String(error) });
  }
}
