/** The live password checklist of spec 1 §5: one line per rule, ticked as soon as the typed password meets it. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import CancelRounded from '@mui/icons-material/CancelRounded';
import { PASSWORD_CHECKLIST } from '@tessera/domain';

// Read by screen readers only: the icon colour alone would not say whether a rule is met.
const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Before anything is typed every rule shows a neutral circle (nothing has failed yet); once typing
 * starts, each rule is a tick or a cross.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const started = password.length > 0;
  return (
    <Box
      component="ul"
      aria-label="Password requirements"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
    >
      {PASSWORD_CHECKLIST.map((rule) => {
        const met = rule.test(password);
        const color = !started ? 'text.disabled' : met ? 'success.main' : 'error.main';
        const Icon = !started ? RadioButtonUncheckedRounded : met ? CheckCircleRounded : CancelRounded;
        return (
          <Box
            component="li"
            key={rule.label}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            data-met={met}
          >
            <Icon sx={{ fontSize: 18, color, transition: 'color 150ms' }} aria-hidden />
            <Typography variant="body2" color={started && met ? 'text.primary' : 'text.secondary'}>
              <Box component="span" sx={srOnly}>
                {met ? 'Met: ' : 'Not met: '}
              </Box>
              {rule.label}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
