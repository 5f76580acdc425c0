/**
 * /profile (spec 1 §2): who the user is (e-mail, global roles), their API key (needs userProfile)
 * and their password.
 */
import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_DISPLAY_NAMES } from '@tessera/domain';
import { useAuth } from '../../app/auth.tsx';
import { ApiKeySection } from './ApiKeySection.tsx';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';

export function ProfilePage() {
  const { me } = useAuth();
  if (!me) return null;
  const canUseApiKeys = me.permissions.includes('userProfile');
  return (
    <Stack spacing={3} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        Profile
      </Typography>

      <Card>
        <CardContent sx={{ display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: 'wrap', p: 3 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 22, fontWeight: 600 }}>
            {initialsOf(me.username || me.email)}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {me.username || me.email}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="profile-email"
            >
              {me.email}
            </Typography>
            <Stack direction="row" sx={{ mt: 1.25, flexWrap: 'wrap', gap: 0.75 }} aria-label="Global roles">
              {me.systemRoleDisplayNames.length === 0 && (
                <Chip size="small" label="No global role" variant="outlined" />
              )}
              {me.systemRoleDisplayNames.map((name) => (
                <Chip key={name} size="small" label={name} color="primary" variant="outlined" />
              ))}
              {me.isSsoUser && <Chip size="small" label="Single sign-on" variant="outlined" />}
              {/* Shown only when no role already says so (a user without system roles is external too). */}
              {me.isExternal && !me.systemRoleDisplayNames.includes(ROLE_DISPLAY_NAMES.externalUser) && (
                <Chip size="small" label="External user" color="warning" variant="outlined" />
              )}
            </Stack>
          </Box>
        </CardContent>
      </Card>

      <Section
        title="API key"
        description="Use an API key to call the Tessera API from scripts and tools. It acts with your permissions, so keep it secret."
      >
        {canUseApiKeys ? (
          <ApiKeySection />
        ) : (
          <Typography variant="body2" color="text.secondary">
            API keys are available to users whose global role includes the user-profile permission. Ask an
            administrator if you need one.
          </Typography>
        )}
      </Section>

      <Section
        title="Password"
        description={me.isSsoUser ? undefined : 'Changing your password signs you out on every other device.'}
      >
        <ChangePasswordSection />
      </Section>
    </Stack>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <Box sx={{ px: 3, pt: 2.5, pb: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
      </Box>
      <Divider />
      <Box sx={{ p: 3 }}>{children}</Box>
    </Card>
  );
}

/** Two letters for the avatar: from a name's words, or the local part of an e-mail. */
function initialsOf(name: string): string {
  const words = name
    .split('@')[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}
