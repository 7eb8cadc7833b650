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
    MuiDialog: { defaultProps: { slotProps: { transition: dialogSurfaceTransitions } } },
  },
});
