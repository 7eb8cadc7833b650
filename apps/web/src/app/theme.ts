import { createTheme } from '@mui/material/styles';
import { dialogSurfaceTransitions } from '../shared/components/notice-surface';

export const theme = createTheme({
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#ffb300' },
    // MUI's default info blue carries white text at 3.9:1; this one at 4.8:1.
    info: { main: '#0277bd' },
    // Text on a coloured fill (filled alerts, chips, contained buttons) is chosen for WCAG AA (4.5:1)
    // rather than MUI's default 3:1, so the orange warning fill gets dark text.
    contrastThreshold: 4.5,
  },
  typography: {
    h1: { fontSize: '1.75rem', fontWeight: 500 },
  },
  components: {
    // Notices follow the topmost dialog that is not closing (shared/components/notice-surface.ts).
    // Tabs wider than their bar scroll with arrows rather than being cut at the edge (a phone).
    MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
    MuiDialog: {
      defaultProps: { slotProps: { transition: dialogSurfaceTransitions } },
      // On a phone a dialog takes the screen but for a thin edge, rather than MUI's 32 px margins.
      styleOverrides: {
        paper: ({ theme: t }) => ({
          [t.breakpoints.down('sm')]: {
            margin: t.spacing(1),
            width: `calc(100% - ${t.spacing(2)})`,
            maxWidth: `calc(100% - ${t.spacing(2)})`,
            maxHeight: `calc(100% - ${t.spacing(2)})`,
          },
        }),
      },
    },
  },
});
