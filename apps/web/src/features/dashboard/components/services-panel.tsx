import { useState } from 'react';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { hasPermission } from '@ed/contract/permissions';
import type { ServiceStatus } from '@ed/contract/dashboard';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { useNotice } from '../../../shared/components/notice-context';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useRestartService, useServiceStatus } from '../api/dashboard';
import { DashboardPanel } from './dashboard-panel';

/** Asks first (a restart interrupts whoever uses the service), then says how it went. */
function RestartButton({ service }: { service: ServiceStatus[number] }) {
  const restart = useRestartService();
  const { notify } = useNotice();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <TooltipIconButton
        label={`Restart ${service.label}`}
        edge="end"
        loading={restart.isPending}
        onClick={() => setAsking(true)}
      >
        <RestartAltIcon />
      </TooltipIconButton>
      {asking && (
        <ConfirmDialog
          title={`Restart ${service.label}?`}
          text={`The ${service.label} service stops and starts again; whoever uses it is interrupted for a moment.`}
          busy={restart.isPending}
          error={restart.error ? errorMessage(restart.error) : null}
          onClose={() => {
            setAsking(false);
            restart.reset();
          }}
          onConfirm={() =>
            restart.mutate(service.name, {
              onSuccess: ({ message }) => {
                setAsking(false);
                notify(message);
              },
            })
          }
        />
      )}
    </>
  );
}

/** Up or down for each of the 13 services; admin may restart each (part 1 §2, §6). */
export function ServicesPanel() {
  const services = useServiceStatus();
  const session = useSession();
  const mayRestart = session ? hasPermission(session.user.role, 'services.restart') : false;
  return (
    <DashboardPanel title="Services" loading={services.isPending} error={services.error}>
      <List dense aria-label="Service status">
        {services.data?.map((service) => (
          <ListItem key={service.name} secondaryAction={mayRestart ? <RestartButton service={service} /> : undefined}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {service.up ? (
                <CheckCircleIcon sx={{ color: 'success.main' }} aria-hidden />
              ) : (
                <ErrorIcon sx={{ color: 'error.main' }} aria-hidden />
              )}
            </ListItemIcon>
            <ListItemText
              primary={service.label}
              secondary={service.up ? 'up' : 'down'}
              slotProps={{ secondary: { sx: { color: service.up ? 'success.main' : 'error.main' } } }}
            />
          </ListItem>
        ))}
      </List>
    </DashboardPanel>
  );
}
