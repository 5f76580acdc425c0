/**
 * The API key of spec 1 §3 and §8: the active key's creation time, and Generate / Regenerate. The
 * server refuses generation when the sign-in is older than 5 minutes (REAUTHENTICATION_REQUIRED); the
 * page then says so and, after 1 second, asks for the password in place and tries again. A new key
 * is shown exactly once.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import { ERROR_CODES, profile } from '@tessera/contract';
import { ApiError, call } from '../../api/client.ts';
import { messageOf } from '../../api/queries.ts';
import { useNotify } from '../../app/notify.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { formatDateTime } from './format.ts';
import { ReauthDialog } from './ReauthDialog.tsx';

export const API_KEY_MESSAGES = {
  reauthenticationRequired: 'API key generation requires re-authentication',
  generationFailed: (message: string) => `API key generation failed: ${message}`,
  loadFailed: (message: string) => `Unable to get API keys: ${message}`,
} as const;

/** How long the re-authentication notice shows before the password dialog opens (spec 1 §8). */
export const REAUTH_DELAY_MS = 1000;

export const API_KEYS_KEY = ['me', 'api-keys'] as const;

type Mode =
  | { name: 'idle' }
  | { name: 'confirmRegenerate' }
  | { name: 'reauthPending' }
  | { name: 'reauth' }
  | { name: 'showKey'; apiKey: string };

export function ApiKeySection() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [mode, setMode] = useState<Mode>({ name: 'idle' });
  const keys = useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => call(profile.listApiKeys, { signal }),
  });

  const generate = useMutation({
    mutationFn: () => call(profile.createApiKey),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      setMode({ name: 'showKey', apiKey: created.apiKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.reauthenticationRequired) {
        notify(API_KEY_MESSAGES.reauthenticationRequired, 'warning');
        setMode({ name: 'reauthPending' });
      } else {
        notify(API_KEY_MESSAGES.generationFailed(messageOf(error)), 'error');
        setMode({ name: 'idle' });
      }
    },
  });

  useEffect(() => {
    if (mode.name !== 'reauthPending') return;
    const t = setTimeout(() => setMode({ name: 'reauth' }), REAUTH_DELAY_MS);
    return () => clearTimeout(t);
  }, [mode.name]);

  const current = keys.data?.[0];
  const start = () => (current ? setMode({ name: 'confirmRegenerate' }) : generate.mutate());

  return (
    <Box>
      {keys.isPending && <Skeleton variant="rounded" height={64} />}
      {keys.isError && <Alert severity="error">{API_KEY_MESSAGES.loadFailed(messageOf(keys.error))}</Alert>}
      {keys.isSuccess && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Box
              sx={(t) => ({
                width: 40,
                height: 40,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                color: current ? 'primary.main' : 'text.disabled',
                bgcolor: current ? t.alpha(t.palette.primary.main, 0.1) : 'action.hover',
              })}
            >
              <KeyRounded />
            </Box>
            {current ? (
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 }}
                >
                  tsk_••••••••••••••••
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="api-key-created">
                  Created {formatDateTime(current.createdAt)}
                </Typography>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                You have no API key yet.
              </Typography>
            )}
          </Stack>
          <Button
            variant={current ? 'outlined' : 'contained'}
            startIcon={current ? <AutorenewRounded /> : <KeyRounded />}
            loading={generate.isPending || mode.name === 'reauthPending'}
            onClick={start}
            sx={{ flexShrink: 0 }}
          >
            {current ? 'Regenerate API key' : 'Generate API key'}
          </Button>
        </Stack>
      )}

      <Dialog
        open={mode.name === 'confirmRegenerate'}
        onClose={() => setMode({ name: 'idle' })}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle>Regenerate API key?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            A new key replaces your current one. Scripts and tools that use the current key stop working until
            you give them the new key.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setMode({ name: 'idle' })}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => {
              setMode({ name: 'idle' });
              generate.mutate();
            }}
          >
            Regenerate
          </Button>
        </DialogActions>
      </Dialog>

      <ReauthDialog
        open={mode.name === 'reauth'}
        onCancel={() => setMode({ name: 'idle' })}
        onDone={() => {
          setMode({ name: 'idle' });
          generate.mutate();
        }}
      />

      <NewKeyDialog
        apiKey={mode.name === 'showKey' ? mode.apiKey : null}
        onClose={() => setMode({ name: 'idle' })}
      />
    </Box>
  );
}

/** The only time a key's secret is visible; closing needs an explicit click so it is not lost by accident. */
function NewKeyDialog({ apiKey, onClose }: { apiKey: string | null; onClose: () => void }) {
  return (
    <Dialog open={apiKey !== null} maxWidth="sm" fullWidth aria-labelledby="new-key-title">
      <DialogTitle id="new-key-title">Your new API key</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this key now and keep it somewhere safe. It will not be shown again.
        </Alert>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
        >
          <Typography
            component="code"
            data-testid="new-api-key"
            sx={{
              flex: 1,
              minWidth: 0,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: 14,
              overflowWrap: 'anywhere',
              userSelect: 'all',
            }}
          >
            {apiKey}
          </Typography>
          {apiKey && <CopyButton text={apiKey} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Send it as a bearer token: <code>Authorization: Bearer &lt;key&gt;</code>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
