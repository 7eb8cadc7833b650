import type { ReactNode } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

export interface TooltipIconButtonProps extends Omit<IconButtonProps, 'aria-label' | 'title'> {
  /** The accessible name, also the tooltip unless `tooltip` says more. */
  label: string;
  /** Shown instead of the label, e.g. why the button is off. */
  tooltip?: string;
  children: ReactNode;
}

/**
 * An icon button that names itself and keeps its tooltip when disabled: a disabled button fires
 * no pointer events, so the tooltip hangs on a wrapper that does.
 */
export function TooltipIconButton({ label, tooltip, children, ...props }: TooltipIconButtonProps) {
  return (
    <Tooltip title={tooltip ?? label}>
      <span style={{ display: 'inline-flex' }}>
        <IconButton aria-label={label} {...props}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
