/**
 * The look of Tessera: a deep blue primary, neutral greys, the Inter/system font stack, quiet surfaces
 * with hairline borders instead of heavy shadows, and a focus ring that is always visible when the
 * keyboard is used.
 */
import { alpha, createTheme } from '@mui/material/styles';

const PRIMARY = '#1f4e79';
const FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY, light: '#3a6d9c', dark: '#143757', contrastText: '#fff' },
    secondary: { main: '#0f766e' },
    background: { default: '#f5f7fa', paper: '#fff' },
    text: { primary: '#1b2430', secondary: '#5b6675' },
    divider: '#e3e8ef',
    grey: { 50: '#f8fafc', 100: '#f1f4f8', 200: '#e3e8ef', 300: '#cdd5df', 400: '#9aa5b4', 500: '#697586' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: FONT,
    h4: { fontWeight: 650, letterSpacing: '-0.01em' },
    h5: { fontWeight: 650, letterSpacing: '-0.005em' },
    h6: { fontWeight: 600 },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    overline: { fontWeight: 600, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
        // A visible focus ring for keyboard users on elements MUI does not style itself.
        'a:focus-visible, [tabindex]:focus-visible': {
          outline: `2px solid ${alpha(PRIMARY, 0.6)}`,
          outlineOffset: 2,
        },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          borderRadius: 8,
          '&.Mui-focusVisible': { outline: `2px solid ${alpha(PRIMARY, 0.5)}`, outlineOffset: 2 },
        },
      },
    },
    MuiIconButton: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: `2px solid ${alpha(PRIMARY, 0.5)}`, outlineOffset: 1 } },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650, fontSize: '1.125rem', paddingBottom: 8 } } },
    MuiDialogActions: { styleOverrides: { root: { padding: '12px 24px 20px' } } },
    MuiTooltip: { defaultProps: { enterDelay: 250, arrow: true } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } } },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, color: '#5b6675', fontSize: '0.8125rem', backgroundColor: '#f8fafc' },
      },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: 40 } } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiAutocomplete: { defaultProps: { size: 'small' } },
  },
});
