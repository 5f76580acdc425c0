/**
 * The row menu's view of a slide's conversion ("optimized for viewing"): its status, the reason when it
 * failed, and 'Retry optimization' for users with slideUpload (the server checks the same permission).
 */
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import Replay from '@mui/icons-material/Replay';
import type { SlideConversion } from '@tessera/contract';
import { conversionLabel, useRetryConversion, useSlideConversion } from '../../api/slide-conversion.ts';
import { useNotify } from '../../app/notify.tsx';

export function ConversionMenuItems({
  projectId,
  slideId,
  canRetry,
  onDone,
}: {
  projectId: string;
  slideId: string;
  canRetry: boolean;
  onDone: () => void;
}) {
  const conversion = useSlideConversion(projectId, slideId, true);
  const retry = useRetryConversion(projectId, slideId);
  const notify = useNotify();
  const data = conversion.data;
  const retryConversion = () =>
    retry.mutate(undefined, {
      onSuccess: () => (notify('Optimization queued again', 'success'), onDone()),
      onError: (error) => notify(error.message, 'error'),
    });
  return (
    <>
      <ConversionStatusItem conversion={data} isError={conversion.isError} />
      {data?.status === 'Failed' && canRetry && (
        <MenuItem disabled={retry.isPending} onClick={retryConversion}>
          <ListItemIcon>
            <Replay fontSize="small" />
          </ListItemIcon>
          <ListItemText>Retry optimization</ListItemText>
        </MenuItem>
      )}
    </>
  );
}

/**
 * The conversion's status as a disabled item (shown at full opacity), with the failure's reason clamped to
 * two lines under it and whole in a tooltip.
 */
function ConversionStatusItem({
  conversion: data,
  isError,
}: {
  /** Undefined while it loads, or when it could not be read (`isError`). */
  conversion: SlideConversion | undefined;
  isError: boolean;
}) {
  const status = (
    <MenuItem
      disabled
      sx={{ '&.Mui-disabled': { opacity: 1 }, maxWidth: 340, whiteSpace: 'normal' }}
      aria-label={
        data ? `${conversionLabel(data)}${data.error ? `: ${data.error}` : ''}` : 'Checking the optimization…'
      }
    >
      <ListItemIcon>
        <ConversionStatusIcon status={data?.status} />
      </ListItemIcon>
      <ListItemText
        primary={
          data
            ? conversionLabel(data)
            : isError
              ? 'Optimization status unavailable'
              : 'Checking the optimization…'
        }
        secondary={data?.error ?? undefined}
        slotProps={{ secondary: { sx: TWO_LINES } }}
      />
    </MenuItem>
  );
  return data?.error ? (
    <Tooltip title={data.error} placement="right">
      <span>{status}</span>
    </Tooltip>
  ) : (
    status
  );
}

const TWO_LINES = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

function ConversionStatusIcon({ status }: { status: SlideConversion['status'] | undefined }) {
  if (status === 'Converted') return <CheckCircleOutline fontSize="small" color="success" />;
  if (status === 'Failed') return <ErrorOutline fontSize="small" color="error" />;
  return <HourglassEmpty fontSize="small" />;
}
