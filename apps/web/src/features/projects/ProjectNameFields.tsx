/**
 * A project's name and summary (spec 1 §5) as the create dialog and the General settings tab show
 * them: the name's length limit under it, a live character count under the summary. Lives inside a
 * react-hook-form FormProvider whose values include `name` and `summary`.
 */
import type { KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { PROJECT_NAME_MAX, PROJECT_SUMMARY_MAX } from '@tessera/domain';

interface ProjectNameValues {
  name: string;
  summary: string;
}

export function ProjectNameFields({
  autoFocus = false,
  readOnly = false,
  summaryMaxRows,
  onSummaryKeyDown,
}: {
  autoFocus?: boolean;
  readOnly?: boolean;
  summaryMaxRows: number;
  onSummaryKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}) {
  const { register, control, formState } = useFormContext<ProjectNameValues>();
  const { errors } = formState;
  const summaryLength = useWatch({ control, name: 'summary' }).trim().length;
  return (
    <>
      <TextField
        {...register('name')}
        label="Name"
        required
        autoFocus={autoFocus}
        fullWidth
        // Twice the limit, so an over-long paste is shown and explained rather than silently cut.
        slotProps={{ input: { readOnly }, htmlInput: { maxLength: PROJECT_NAME_MAX * 2 } }}
        error={!!errors.name}
        helperText={errors.name?.message ?? `${PROJECT_NAME_MAX} characters at most`}
      />
      <TextField
        {...register('summary')}
        label="Summary"
        fullWidth
        multiline
        minRows={3}
        maxRows={summaryMaxRows}
        slotProps={{ input: { readOnly } }}
        error={!!errors.summary}
        helperText={errors.summary?.message ?? `${summaryLength}/${PROJECT_SUMMARY_MAX}`}
        onKeyDown={onSummaryKeyDown}
      />
    </>
  );
}
