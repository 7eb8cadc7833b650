import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import type { GridColDef } from '@mui/x-data-grid';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_FORMAT_LABELS,
  type CreatedWebhook,
  type Webhook,
} from '@ed/contract/webhooks';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { useNotice } from '../../../shared/components/notice-context';
import { ListScreen, ListToolbar } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { AddWebhookDialog } from './add-webhook-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';

/** The endpoints (at most 20, so one page) with Add, Enable or Disable, and Delete. */
export function WebhookEndpoints() {
  const list = useWebhooks();
  const { mutate: change } = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const { notify } = useNotice();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const endpoints = list.data?.endpoints;

  const columns = useMemo<GridColDef<Webhook>[]>(() => {
    const toggle = (row: Webhook) =>
      change(
        { id: row.id, active: !row.active },
        {
          onSuccess: () => notify(`${row.url} ${row.active ? 'disabled' : 'enabled'}.`, 'success'),
          onError: (err) => notify(errorMessage(err), 'error'),
        },
      );
    // Fits 1280 px beside the menu: fixed columns take 420 px, the address and events share the rest.
    return [
      { field: 'url', headerName: 'URL', minWidth: 200, flex: 2 },
      {
        field: 'events',
        headerName: 'Events',
        minWidth: 180,
        flex: 2,
        valueGetter: (_v, row) => row.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', '),
      },
      {
        field: 'format',
        headerName: 'Format',
        width: 110,
        valueGetter: (_v, row) => WEBHOOK_FORMAT_LABELS[row.format],
      },
      { field: 'active', headerName: 'Active', width: 90, valueGetter: (_v, row) => (row.active ? 'Yes' : 'No') },
      { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 100,
        renderCell: ({ row }) => (
          <>
            <TooltipIconButton label={`${row.active ? 'Disable' : 'Enable'} ${row.url}`} onClick={() => toggle(row)}>
              {row.active ? <PauseCircleIcon /> : <PlayCircleIcon />}
            </TooltipIconButton>
            <TooltipIconButton label={`Delete ${row.url}`} onClick={() => setDeleting(row)}>
              <DeleteIcon />
            </TooltipIconButton>
          </>
        ),
      },
    ];
  }, [change, notify]);

  const full = (endpoints?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX;
  return (
    <ListScreen
      toolbar={
        <ListToolbar>
          <Typography variant="body2" sx={{ flex: 1 }}>
            Each endpoint is posted the events it chose, signed with its secret (Standard Webhooks).
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} disabled={full} onClick={() => setAdding(true)}>
            Add Endpoint
          </Button>
        </ListToolbar>
      }
      list={list}
      label="Webhook Endpoints"
      rows={endpoints}
      totalDocs={endpoints?.length}
      columns={columns}
      page={0}
      pageSize={WEBHOOK_ENDPOINTS_MAX}
      onPageChange={() => undefined}
      emptyText="No webhook endpoints yet: add one to send events to another system."
    >
      {adding && (
        <AddWebhookDialog
          onClose={() => setAdding(false)}
          onCreated={(endpoint) => {
            setAdding(false);
            setCreated(endpoint);
          }}
        />
      )}
      {created && <WebhookSecretDialog created={created} onClose={() => setCreated(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Webhook Endpoint"
          text={`Delete ${deleting.url}? Its delivery log goes with it, and what waits to be sent to it is not sent.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: ({ message }) => {
                notify(message, 'success');
                setDeleting(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      )}
    </ListScreen>
  );
}
