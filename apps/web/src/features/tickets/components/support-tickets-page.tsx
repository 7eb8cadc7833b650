import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { TicketSummary } from '@ed/contract/tickets';
import { errorMessage } from '../../../shared/api/http';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { useSession } from '../../../shared/auth/use-session';
import { useNotice } from '../../../shared/components/notice-context';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useListState } from '../../../shared/lib/use-list-state';
import { useLiveTicketRefresh, useTicketAction, useTickets, type TicketAction } from '../api/tickets';
import { CloseTicketDialog } from './close-ticket-dialog';
import { NewCommentDialog } from './new-comment-dialog';
import { TicketDetailDialog } from './ticket-detail-dialog';
import { TicketGrid } from './ticket-grid';

/** The search parameter that opens a ticket, so an escalation mail can link to it. */
const TICKET_PARAM = 'id';
const FILTER_DEBOUNCE_MS = 300;
/** The list's filters in the address: ?mine=1&closed=1&serialNumber= (switches are '1' or absent). */
const NO_FILTERS = { mine: '', closed: '', serialNumber: '' };
const DONE: Record<TicketAction, string> = { escalate: 'escalated', deescalate: 'de-escalated', close: 'closed' };

/** The Support Tickets screen (/SupportTickets): toggles, serial filter, the table and ?id= detail; the list's view in the address. */
export function SupportTicketsPage() {
  const session = useSession();
  const { notify } = useNotice();
  const [params, setParams] = useSearchParams();
  const [commentOn, setCommentOn] = useState<number | null>(null);
  const [toClose, setToClose] = useState<TicketSummary | null>(null);
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS);
  const mine = filters.mine === '1';
  const closed = filters.closed === '1';
  const serial = filters.serialNumber.slice(0, 9);
  const settledSerial = useDebouncedValue(serial.trim().toUpperCase(), FILTER_DEBOUNCE_MS);
  const query = useMemo(
    () => ({ page: page + 1, closed, mine, filterSerialNumber: settledSerial || undefined }),
    [page, closed, mine, settledSerial],
  );
  const list = useTickets(query);
  const { page: _page, ...exportQuery } = query;
  const { mutate: act, isPending: acting } = useTicketAction();
  useLiveTicketRefresh();
  const openId = Number(params.get(TICKET_PARAM)) || null;

  const showDetail = useCallback(
    (id: number | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(TICKET_PARAM, String(id));
        else next.delete(TICKET_PARAM);
        return next;
      }),
    [setParams],
  );
  const run = useCallback(
    (kind: TicketAction, ticket: TicketSummary) => {
      if (!session) return;
      act(
        { action: kind, id: ticket.id, username: session.user.username },
        {
          onSuccess: () => notify(`Ticket ${ticket.id} ${DONE[kind]}.`),
          onError: (error) => notify(errorMessage(error), 'error'),
          onSettled: () => setToClose(null),
        },
      );
    },
    [act, notify, session],
  );
  const onAction = useCallback(
    (kind: TicketAction, ticket: TicketSummary) => (kind === 'close' ? setToClose(ticket) : run(kind, ticket)),
    [run],
  );

  if (!session) return null;
  const toolbar = (
    <Stack direction="row" spacing={3} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <FormControlLabel
        control={<Switch checked={mine} onChange={(e) => setFilters({ mine: e.target.checked ? '1' : '' })} />}
        label="Only My Tickets"
      />
      <FormControlLabel
        control={<Switch checked={closed} onChange={(e) => setFilters({ closed: e.target.checked ? '1' : '' })} />}
        label="Include Closed Tickets"
      />
      <TextField
        size="small"
        label="Serial Number"
        value={serial}
        onChange={(e) => setFilters({ serialNumber: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 9 } }}
      />
      <ExportCsvButton route={ticketsRoutes.exportTickets} query={exportQuery} fileName="support-tickets.csv" />
    </Stack>
  );
  return (
    <TicketGrid
      toolbar={toolbar}
      list={list}
      alertSx={{ mb: 2 }}
      page={page}
      onPageChange={setPage}
      onView={showDetail}
      onComment={setCommentOn}
      onAction={onAction}
    >
      {openId && <TicketDetailDialog key={openId} id={openId} onClose={() => showDetail(null)} />}
      {commentOn && <NewCommentDialog ticketId={commentOn} onClose={() => setCommentOn(null)} />}
      {toClose && (
        <CloseTicketDialog
          id={toClose.id}
          busy={acting}
          onConfirm={() => run('close', toClose)}
          onCancel={() => setToClose(null)}
        />
      )}
    </TicketGrid>
  );
}
