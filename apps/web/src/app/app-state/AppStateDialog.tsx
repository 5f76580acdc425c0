/**
 * The blocking app-state dialog (spec 1 §2): one dialog whose content follows the state. It has no
 * close button and ignores Escape and backdrop clicks, because in each of these states the app
 * cannot be used until the cause goes away (reload, manual confirmed, server back).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import SystemUpdateAltRounded from '@mui/icons-material/SystemUpdateAltRounded';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import { APP_STATE_MESSAGES, type AppVersionState } from '@tessera/domain';
import { messageOf } from '../../api/queries.ts';
import { useConfirmManual } from './use-confirm-manual.ts';

type BlockingState = Exclude<AppVersionState, 'Default'>;

/** A new version and a lost connection are both resolved by loading the page afresh. */
function RefreshButton() {
  return (
    <Button variant="contained" onClick={() => window.location.reload()}>
      Refresh
    </Button>
  );
}

export function AppStateDialog({ state, manualVersion }: { state: AppVersionState; manualVersion: string }) {
  return (
    <Dialog
      open={state !== 'Default'}
      disableEscapeKeyDown
      maxWidth="xs"
      fullWidth
      aria-labelledby="app-state-title"
    >
      {state !== 'Default' && <StateContent state={state} manualVersion={manualVersion} />}
    </Dialog>
  );
}

function StateContent({ state, manualVersion }: { state: BlockingState; manualVersion: string }) {
  switch (state) {
    case 'NewVersionAvailable':
      return (
        <Frame
          icon={<SystemUpdateAltRounded />}
          color="primary"
          title="New version available"
          actions={<RefreshButton />}
        >
          A new version of the Portal is available. Please refresh the page to continue with the latest
          version.
        </Frame>
      );
    case 'UserManualNotRead':
      return <ManualNotRead manualVersion={manualVersion} />;
    case 'Maintenance':
      return (
        <Frame icon={<ConstructionRounded />} color="warning" title="Down for maintenance">
          {APP_STATE_MESSAGES.maintenance}
        </Frame>
      );
    case 'Unavailable':
      return (
        <Frame icon={<WifiOffRounded />} color="error" title="Connection lost" actions={<RefreshButton />}>
          The Portal cannot be reached. Please check your internet connection and refresh the page. If the
          problem persists, please contact support.
        </Frame>
      );
  }
}

function ManualNotRead({ manualVersion }: { manualVersion: string }) {
  const confirm = useConfirmManual();
  return (
    <Frame
      icon={<MenuBookRounded />}
      color="primary"
      title="Please read the user manual"
      actions={
        <Button
          variant="contained"
          loading={confirm.isPending || confirm.isSuccess}
          onClick={() => confirm.mutate()}
        >
          {APP_STATE_MESSAGES.manualButton}
        </Button>
      }
    >
      <Stack spacing={1.5}>
        <span>
          Before you continue, please read the{' '}
          <Link component={RouterLink} to="/help">
            user manual
          </Link>
          {manualVersion ? ` (version ${manualVersion})` : ''} and confirm that you have understood it.
        </span>
        {confirm.isError && <Alert severity="error">{messageOf(confirm.error)}</Alert>}
      </Stack>
    </Frame>
  );
}

function Frame(props: {
  icon: ReactNode;
  color: 'primary' | 'warning' | 'error';
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <DialogContent sx={{ pt: 4, textAlign: 'center' }}>
        <Box
          sx={(theme) => ({
            mx: 'auto',
            mb: 2,
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: `${props.color}.main`,
            bgcolor: theme.alpha(theme.palette[props.color].main, 0.12),
            '& svg': { fontSize: 30 },
          })}
        >
          {props.icon}
        </Box>
        <Typography id="app-state-title" variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        <Typography component="div" variant="body2" color="text.secondary">
          {props.children}
        </Typography>
      </DialogContent>
      {props.actions && (
        <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>{props.actions}</DialogActions>
      )}
    </>
  );
}
