import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { APP_TITLE, APP_VERSION } from '@ed/contract/constants';

/** The frame of the screens shown without the top bar: the app's name above one card. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <title>{`${title} - ${APP_TITLE}`}</title>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Typography variant="overline" component="p" color="text.secondary">
          {APP_TITLE} {APP_VERSION}
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
