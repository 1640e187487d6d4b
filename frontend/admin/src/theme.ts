import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The site's colours (Tailwind indigo and slate) and its rounded corners. */
const indigo = { main: '#4f46e5', dark: '#4338ca', light: '#818cf8', contrastText: '#ffffff' };
const slate = { main: '#334155', dark: '#1e293b', light: '#64748b', contrastText: '#ffffff' };

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: indigo,
    secondary: slate,
    background: { default: '#f8fafc', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  sidebar: { width: 220, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: slate.dark } } },
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiCard: { styleOverrides: { root: { border: '1px solid #e2e8f0', boxShadow: 'none' } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  },
};
