/** An upload file's state (spec 1 §4) as a small coloured label. */
import Chip from '@mui/material/Chip';
import type { UploadFileState } from '@tessera/domain';

const LOOK: Record<
  UploadFileState,
  { label: string; color: 'default' | 'info' | 'primary' | 'success' | 'error' | 'warning' }
> = {
  None: { label: 'Not started', color: 'default' },
  Queued: { label: 'Queued', color: 'info' },
  InProgress: { label: 'Uploading', color: 'primary' },
  Finished: { label: 'Finished', color: 'success' },
  Failed: { label: 'Failed', color: 'error' },
  OnHold: { label: 'On hold', color: 'warning' },
};

export function UploadStateChip({ state }: { state: UploadFileState }) {
  const { label, color } = LOOK[state];
  return <Chip size="small" label={label} color={color} variant={state === 'None' ? 'outlined' : 'filled'} />;
}
