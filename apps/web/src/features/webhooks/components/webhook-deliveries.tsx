import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import ReplayIcon from '@mui/icons-material/Replay';
import type { GridColDef } from '@mui/x-data-grid';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@ed/contract/webhooks';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { ChoiceFilter } from '../../../shared/components/choice-filter';
import { ListScreen } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useListState } from '../../../shared/lib/use-list-state';
import { useRedeliverWebhook, useWebhookDeliveries, useWebhooks } from '../api/webhooks';

/** The log's filters in the address: ?status=failed&endpoint=3. */
const NO_FILTERS = { status: '', endpoint: '' };

const statusOf = (v: string): WebhookDeliveryStatus | undefined =>
  (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(v) ? (v as WebhookDeliveryStatus) : undefined;

const statusText = (row: WebhookDelivery) =>
  row.status === 'pending' && row.nextAttemptAt
    ? `Pending, next attempt ${formatDateTime(row.nextAttemptAt)}`
    : WEBHOOK_DELIVERY_STATUS_LABELS[row.status];

/** What the endpoint said last: its status, and why when it refused or could not be reached. */
const answerText = (row: WebhookDelivery) =>
  row.lastError ?? (row.lastStatusCode === null ? '' : `HTTP ${row.lastStatusCode}`);

/** The delivery log, newest first, 50 a page, by status and endpoint; Redeliver on what was delivered or failed. */
export function WebhookDeliveries() {
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS);
  const endpointId = Number(filters.endpoint) || undefined;
  const query = useMemo(
    () => ({ page: page + 1, status: statusOf(filters.status), endpointId }),
    [page, filters.status, endpointId],
  );
  const list = useWebhookDeliveries(query);
  const endpoints = useWebhooks().data?.endpoints ?? [];
  const { mutate: redeliver } = useRedeliverWebhook();
  const { notify } = useNotice();

  const columns = useMemo<GridColDef<WebhookDelivery>[]>(
    () => [
      { field: 'createdAt', headerName: 'Created', width: 140, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'eventType',
        headerName: 'Event',
        width: 140,
        valueGetter: (_v, row) => WEBHOOK_EVENT_LABELS[row.eventType],
      },
      { field: 'endpointUrl', headerName: 'Endpoint', minWidth: 150, flex: 1 },
      { field: 'status', headerName: 'Status', minWidth: 130, flex: 1, valueGetter: (_v, row) => statusText(row) },
      { field: 'attempts', headerName: 'Attempts', width: 90, type: 'number' },
      {
        field: 'lastAnswer',
        headerName: 'Last Answer',
        minWidth: 150,
        flex: 1,
        valueGetter: (_v, row) => answerText(row),
      },
      {
        field: 'deliveredAt',
        headerName: 'Delivered',
        width: 140,
        valueFormatter: (v: string | null) => (v ? formatDateTime(v) : ''),
      },
      { field: 'id', headerName: 'Webhook ID', minWidth: 160, flex: 1 },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 80,
        renderCell: ({ row }) =>
          row.status !== 'pending' && (
            <TooltipIconButton
              label={`Redeliver ${WEBHOOK_EVENT_LABELS[row.eventType]} to ${row.endpointUrl}`}
              onClick={() =>
                redeliver(row.id, {
                  onSuccess: () => notify(`Sending ${row.id} again to ${row.endpointUrl}.`, 'success'),
                  onError: (err) => notify(errorMessage(err), 'error'),
                })
              }
            >
              <ReplayIcon />
            </TooltipIconButton>
          ),
      },
    ],
    [redeliver, notify],
  );

  const statusChoices: [string, string][] = [
    ['', 'All'],
    ...WEBHOOK_DELIVERY_STATUSES.map((s): [string, string] => [s, WEBHOOK_DELIVERY_STATUS_LABELS[s]]),
  ];
  const endpointChoices: [string, string][] = [
    ['', 'All endpoints'],
    ...endpoints.map((e: Webhook): [string, string] => [String(e.id), e.url]),
  ];
  const toolbar = (
    <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
      <ChoiceFilter
        label="Status"
        value={filters.status}
        choices={statusChoices}
        onChange={(status) => setFilters({ status })}
        maxWidth={360}
        minWidth={130}
      />
      <ChoiceFilter
        label="Endpoint"
        value={endpoints.length > 0 ? filters.endpoint : ''}
        choices={endpointChoices}
        onChange={(endpoint) => setFilters({ endpoint })}
        maxWidth={360}
        minWidth={200}
      />
    </Stack>
  );
  return (
    <ListScreen
      toolbar={toolbar}
      list={list}
      label="Webhook Deliveries"
      columns={columns}
      hiddenByDefault={['deliveredAt', 'id']}
      page={page}
      pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
      onPageChange={setPage}
      emptyText="No deliveries in the last 30 days."
    />
  );
}
