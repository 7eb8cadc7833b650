import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';

interface DashboardPanelProps {
  title: string;
  loading: boolean;
  /** A failed first load; the panel shows it instead of empty figures. */
  error: unknown;
  children: ReactNode;
}

/** One titled panel of the home screen. */
export function DashboardPanel({ title, loading, error, children }: DashboardPanelProps) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {loading ? (
        <CircularProgress aria-label={`Loading ${title}`} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <Box>{children}</Box>
      )}
    </Paper>
  );
}

/** A labelled figure; the label and the number are read together. */
export function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Box role="group" aria-label={`${label}: ${value}`} sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" data-testid={`stat-${label}`}>
        {value}
      </Typography>
    </Box>
  );
}
