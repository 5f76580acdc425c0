/**
 * The caller's background jobs for the Jobs panel (spec 1 §2, §7 "List jobs, get job output log and
 * artifacts link"): the list, polled while the panel is open so progress moves; a job's log; cancelling;
 * and the file a job wrote, fetched with the session's token and saved.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobs } from '@tessera/contract';
import { call, fetchBlob } from './client.ts';
import { saveBlob } from './slide-export.ts';

const MY_JOBS = ['jobs', 'mine'] as const;
/** How often an open panel asks again: progress of a running job moves at this pace. */
const POLL_MS = 2000;

export function useMyJobs(isOpen: boolean) {
  return useQuery({
    queryKey: MY_JOBS,
    queryFn: ({ signal }) => call(jobs.listMyJobs, { signal }),
    enabled: isOpen,
    refetchInterval: isOpen ? POLL_MS : false,
  });
}

export function useJobLog(jobId: string | null) {
  return useQuery({
    queryKey: ['jobs', 'log', jobId],
    queryFn: ({ signal }) => call(jobs.getMyJobLog, { params: { jobId: jobId! }, signal }),
    enabled: jobId !== null,
    refetchInterval: POLL_MS,
  });
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => call(jobs.cancelMyJob, { params: { jobId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_JOBS }),
  });
}

const hasEnded = (state: string | undefined) =>
  state === 'succeeded' || state === 'failed' || state === 'cancelled';

/** A project's job as a wizard follows it (state, progress, result), polled until it has ended. */
export function useProjectJob(projectId: string, jobId: string | null) {
  return useQuery({
    queryKey: ['jobs', 'project', projectId, jobId],
    queryFn: ({ signal }) => call(jobs.getProjectJob, { params: { projectId, jobId: jobId! }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (hasEnded(query.state.data?.state) ? false : 1000),
  });
}

/** Fetches the file a job wrote (its artifactsUrl) and saves it under `fileName`. */
export async function downloadJobFile(url: string, fileName: string): Promise<void> {
  saveBlob(await fetchBlob(url), fileName);
}
