/** The Jobs panel's texts (spec 1 §2 "Jobs panel", §8 "Jobs"), worded exactly where the spec words them. */
export const JOBS_PANEL_TEXTS = {
  title: 'The table below shows all your background jobs and their status',
  empty: 'No background jobs yet',
  emptyHint: 'Slide optimizations, copies and downloads you start appear here.',
  cancelFailed: (message: string) => `Failed to cancel the job: ${message}`,
} as const;

/** Spec 1 §3: the jobs grid's columns, in order. */
export const JOBS_GRID_COLUMNS = [
  'Job',
  'Input',
  'Output',
  'Project',
  'Progress',
  'State',
  'Created',
  'Error Message',
  'Details',
] as const;
