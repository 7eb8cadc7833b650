import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/** The screen is a phone's (narrower than 600 px): layouts that need width give way to ones that fit. */
export function usePhone(): boolean {
  // useTheme falls back to MUI's default theme, whose breakpoints are the app's, outside a provider.
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}
