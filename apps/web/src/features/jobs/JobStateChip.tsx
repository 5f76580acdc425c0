/** A job's state as a small coloured label. */
import Chip from '@mui/material/Chip';
import type { jobs } from '@tessera/contract';

type State = jobs.PanelJob['state'];

const LOOK: Record<State, { label: string; color: 'default' | 'info' | 'primary' | 'success' | 'error' }> = {
  queued: { label: 'Queued', color: 'info' },
  running: { label: 'Running', color: 'primary' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export function JobStateChip({ state }: { state: State }) {
  const { label, color } = LOOK[state];
  return <Chip size="small" label={label} color={color} />;
}
