/**
 * The last page of the annotation-copy wizard: one copy job per source set, each followed to its end
 * (JobProgress); the wizard's Finish waits for all. A job's result names the slides it could not copy to,
 * said as spec 2 §8 words it: 'Failed to copy annotations to N slides in {block}!'.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { annotationCopy, type RouteInput } from '@tessera/contract';
import { ANNOTATION_COPY_TEXTS } from '@tessera/domain';
import { submitAnnotationCopy } from '../../../api/annotation-sets.ts';
import { useProjectJob } from '../../../api/jobs.ts';
import { messageOf } from '../../../api/queries.ts';
import { JobProgress } from '../../jobs/index.ts';

interface Submitted {
  slide: string;
  jobId: string | null;
  error: string | null;
}

type CopyOptions = Omit<RouteInput<typeof annotationCopy.copyAnnotations, 'body'>, 'sourceSetId'>;

export function useCopySubmission(projectId: string) {
  const [submitted, setSubmitted] = useState<Submitted[]>([]);
  const [ended, setEnded] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitting, setSubmitting] = useState(false);
  const onEnded = useCallback((jobId: string) => setEnded((e) => new Set([...e, jobId])), []);
  return {
    submitted,
    isDone: !isSubmitting && submitted.every((s) => s.jobId === null || ended.has(s.jobId)),
    onEnded,
    start: async (sources: { slide: string; sourceSetId: string }[], options: CopyOptions) => {
      setSubmitting(true);
      const out: Submitted[] = [];
      for (const { slide, sourceSetId } of sources) {
        try {
          const { jobId } = await submitAnnotationCopy(projectId, { ...options, sourceSetId });
          out.push({ slide, jobId, error: null });
        } catch (error) {
          out.push({ slide, jobId: null, error: messageOf(error) });
        }
        setSubmitted([...out]);
      }
      setSubmitting(false);
    },
  };
}

export function CopyJobs({
  projectId,
  blockId,
  submission,
}: {
  projectId: string;
  blockId: string;
  submission: ReturnType<typeof useCopySubmission>;
}) {
  return (
    <Stack spacing={2}>
      {submission.submitted.map((s) => (
        <Stack key={`${s.slide}-${s.jobId}`} spacing={0.5}>
          <Typography variant="subtitle2">From {s.slide}</Typography>
          {s.error ? (
            <Alert severity="error">{s.error}</Alert>
          ) : (
            <CopyJob projectId={projectId} jobId={s.jobId!} blockId={blockId} onEnded={submission.onEnded} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function CopyJob({
  projectId,
  jobId,
  blockId,
  onEnded,
}: {
  projectId: string;
  jobId: string;
  blockId: string;
  onEnded: (jobId: string) => void;
}) {
  const job = useProjectJob(projectId, jobId);
  const state = job.data?.state;
  const hasEnded = state === 'succeeded' || state === 'failed' || state === 'cancelled';
  useEffect(() => {
    if (hasEnded) onEnded(jobId);
  }, [hasEnded, jobId, onEnded]);
  return (
    <JobProgress projectId={projectId} jobId={jobId} runningText="Copying annotations…">
      {(result) => {
        const parsed = annotationCopy.CopyAnnotationsResult.safeParse(result);
        if (!parsed.success)
          return <Alert severity="warning">The copy ended without a readable report.</Alert>;
        const { failedSlideIds, copiedSlideIds, skippedSlideIds } = parsed.data;
        return failedSlideIds.length > 0 ? (
          <Alert severity="error">{ANNOTATION_COPY_TEXTS.failed(failedSlideIds.length, blockId)}</Alert>
        ) : (
          <Alert severity="success">
            {`Copied to ${copiedSlideIds.length} slide${copiedSlideIds.length === 1 ? '' : 's'}`}
            {skippedSlideIds.length > 0 ? `; ${skippedSlideIds.length} skipped (no set of that name)` : ''}
          </Alert>
        );
      }}
    </JobProgress>
  );
}
