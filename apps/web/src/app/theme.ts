import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#ffb300' },
  },
  typography: {
    h1: { fontSize: '1.75rem', fontWeight: 500 },
  },
});
