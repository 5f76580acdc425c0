/**
 * download-annotation-version: writes a made version of an annotation set as QuPath GeoJSON for the user
 * to fetch (spec 3 §5 "Annotation actions": payload slideId, setName, setVersion, projectId, username;
 * issue #13 point 5). The file is the job's artifact (job-artifacts.ts); the result names it. A version
 * never changes, so a rerun writes the same file.
 */
import { z } from 'zod';
import { JobArtifact } from '@tessera/contract';
import { fileSafeName } from '@tessera/domain';
import { defineJobKind } from './job-kind.ts';
import { writeJobArtifact } from './job-artifacts.ts';
import { featureCollectionText, qupathFeatures } from '../modules/annotations/annotation-export.ts';
import { hasVersion } from '../modules/annotations/annotation-sets.queries.ts';

const Id = z.string().regex(/^[0-9a-f]{24}$/);

/** The file's name: the set and version, with what a file system will not take replaced. */
export const versionFileName = (setName: string, version: number): string =>
  `${fileSafeName(setName)} - version ${version}.geojson`;

export const downloadAnnotationVersionJob = defineJobKind({
  name: 'download-annotation-version',
  maxAttempts: 2,
  payload: z.object({
    projectId: Id,
    slideId: Id,
    setId: Id,
    setName: z.string().min(1).max(64),
    setVersion: z.number().int().min(1),
    username: z.string().max(320),
    /** `${dataDir}/job-artifacts` of the enqueuing server (jobArtifactDir). */
    artifactDir: z.string().min(1),
  }),
  async handle(plan, ctx): Promise<{ artifact: JobArtifact; features: number }> {
    if (!(await hasVersion(ctx.db, plan.setId, plan.setVersion)))
      throw new Error(`Version ${plan.setVersion} not found for set`);
    const features = await qupathFeatures(ctx.db, plan.projectId, plan.setId, plan.setVersion);
    ctx.signal.throwIfAborted();
    await ctx.log(`Writing ${features.length} annotations of "${plan.setName}" version ${plan.setVersion}.`);
    const bytes = await writeJobArtifact(plan.artifactDir, ctx.jobId, featureCollectionText(features));
    await ctx.progress(100);
    return {
      artifact: {
        fileName: versionFileName(plan.setName, plan.setVersion),
        mediaType: 'application/geo+json',
        bytes,
      },
      features: features.length,
    };
  },
});
