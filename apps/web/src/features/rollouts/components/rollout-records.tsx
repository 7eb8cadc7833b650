import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Rollout } from '@ed/contract/rollouts';
import { detailSearch } from '../../../shared/equipment/lib/detail-param';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ticketPath } from '../../../shared/lib/app-links';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-label={title} spacing={1}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Tickets opened on the rollout's units within the window after their install, each linked to the ticket. */
export function RolloutTickets({ tickets }: { tickets: Rollout['ticketList'] }) {
  return (
    <Section title="Tickets">
      {tickets.length === 0 ? (
        <Typography color="text.secondary">No ticket on the rollout&apos;s units.</Typography>
      ) : (
        <Table size="small" aria-label="Tickets of the rollout's units">
          <TableHead>
            <TableRow>
              <TableCell>Ticket</TableCell>
              <TableCell>Serial Number</TableCell>
              <TableCell>Wave</TableCell>
              <TableCell>Opened At</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tickets.map((t) => (
              <TableRow key={t.id}>
                <TableCell>
                  <Link component={RouterLink} to={ticketPath(t.id)}>{`Ticket ${t.id}`}</Link>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={detailSearch(t.serialNumber)}>
                    {t.serialNumber}
                  </Link>
                </TableCell>
                <TableCell>{t.wave + 1}</TableCell>
                <TableCell>{formatDateTime(t.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** Every transition: when, what, by whom (a person or the system) and why. */
export function RolloutHistory({ events }: { events: Rollout['events'] }) {
  return (
    <Section title="History">
      <Table size="small" aria-label="History of the rollout">
        <TableHead>
          <TableRow>
            <TableCell>At</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>By</TableCell>
            <TableCell>Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e, i) => (
            <TableRow key={`${e.at}-${i}`}>
              <TableCell>{formatDateTime(e.at)}</TableCell>
              <TableCell>{e.kind}</TableCell>
              <TableCell>{e.by}</TableCell>
              <TableCell>{e.reason ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
