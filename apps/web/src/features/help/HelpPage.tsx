/**
 * /help: the user manual (spec 1 §2), with its version. While the signed-in user has not confirmed
 * the current version, the page offers the confirmation itself; the blocking dialog stays away from
 * this page so the manual can be read.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_STATE_MESSAGES } from '@tessera/domain';
import { messageOf } from '../../api/queries.ts';
import { isManualUnconfirmed } from '../../app/app-state/app-state.ts';
import { useConfirmManual } from '../../app/app-state/use-confirm-manual.ts';
import { useAuth } from '../../app/auth.tsx';
import { MANUAL_SECTIONS } from './manual.tsx';

export function HelpPage() {
  const { me } = useAuth();
  const manualVersion = me?.manualVersion ?? '';
  const mustConfirm = isManualUnconfirmed(me);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '220px minmax(0, 1fr)' },
        gap: 4,
        maxWidth: 1080,
        mx: 'auto',
      }}
    >
      <Box component="nav" aria-label="Manual contents" sx={{ display: { xs: 'none', md: 'block' } }}>
        <Box sx={{ position: 'sticky', top: 88 }}>
          <Typography variant="overline" color="text.secondary">
            Contents
          </Typography>
          <Stack component="ol" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {[...MANUAL_SECTIONS, { id: 'support', title: 'Support' }].map((s) => (
              <li key={s.id}>
                <Link
                  href={`#${s.id}`}
                  underline="none"
                  color="text.secondary"
                  sx={{
                    display: 'block',
                    py: 0.5,
                    px: 1,
                    borderRadius: 1,
                    fontSize: 14,
                    '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
                  }}
                >
                  {s.title}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      </Box>

      <Box component="article" sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h4" component="h1">
            User manual
          </Typography>
          {manualVersion && (
            <Chip
              label={`Version ${manualVersion}`}
              size="small"
              variant="outlined"
              data-testid="manual-version"
            />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          How to sign in, work with projects and their members, and manage your account in Tessera.
        </Typography>
        {mustConfirm && <ConfirmBanner manualVersion={manualVersion} />}

        <Card sx={{ p: { xs: 2.5, md: 4 } }}>
          {MANUAL_SECTIONS.map((section, i) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              sx={{ scrollMarginTop: 88 }}
            >
              {i > 0 && <Divider sx={{ my: 3.5 }} />}
              <Typography id={`${section.id}-title`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
                {section.title}
              </Typography>
              {section.body}
            </Box>
          ))}
          <Divider sx={{ my: 3.5 }} />
          <Box component="section" id="support" aria-labelledby="support-title" sx={{ scrollMarginTop: 88 }}>
            <Typography id="support-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
              Support
            </Typography>
            <Typography sx={{ lineHeight: 1.7 }}>
              For access to a project, ask one of its Project Admins or Data Owners. For anything else (an
              account that is locked, a lost authenticator phone, something that does not work as described
              here) contact your Tessera administrator or support team, and mention the version shown under
              About in the help menu.
            </Typography>
          </Box>
        </Card>
        {mustConfirm && <ConfirmBanner manualVersion={manualVersion} bottom />}
      </Box>
    </Box>
  );
}

function ConfirmBanner({ manualVersion, bottom = false }: { manualVersion: string; bottom?: boolean }) {
  const confirm = useConfirmManual();
  return (
    <Alert
      severity="info"
      sx={{ mb: bottom ? 0 : 3, mt: bottom ? 3 : 0, alignItems: 'center' }}
      action={
        <Button
          variant="contained"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
          loading={confirm.isPending || confirm.isSuccess}
          onClick={() => confirm.mutate()}
        >
          {APP_STATE_MESSAGES.manualButton}
        </Button>
      }
    >
      {confirm.isError
        ? messageOf(confirm.error)
        : `Please read this manual (version ${manualVersion}) and confirm that you have understood it to continue using Tessera.`}
    </Alert>
  );
}
