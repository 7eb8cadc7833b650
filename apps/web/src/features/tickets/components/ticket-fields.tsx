import type { Ticket } from '@ed/contract/tickets';
import { Field, FieldList } from '../../../shared/equipment/components/equipment-fields';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';

const answer = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');
const text = (value: string) => value || '—';

/** Every field of the Ticket tab (part 1 §2), in its order. */
export function TicketFields({ ticket }: { ticket: Ticket }) {
  const rows: [string, string][] = [
    ['ID', String(ticket.id)],
    ['Serial Number', ticket.serialNumber],
    ['Model', ticket.model],
    ['Software Version', ticket.version],
    ['Specs', ticket.specs],
    ['Connected', ticket.connected ? 'YES' : 'NO'],
    ['Opened By', ticket.issuerUsername],
    ['Open Date', formatDateTime(ticket.createdAt)],
    ['Escalated', ticket.escalated ? 'YES' : 'NO'],
    ...(ticket.closed
      ? ([
          ['Closed By', text(ticket.closedByUsername ?? '')],
          ['Closed At', ticket.closedAt ? formatDateTime(ticket.closedAt) : '—'],
        ] as [string, string][])
      : []),
    ["Caller's Name", text(ticket.originatorName)],
    ["Caller's Contact Info", text(ticket.originatorEmail)],
    ['Tech On Site', answer(ticket.techOnSite)],
    ['Disposition', ticket.disposition ?? '—'],
    ['Time In Service', text(ticket.inService)],
    ['Issue Description', text(ticket.description)],
    ['Circumstance', text(ticket.circumstance)],
    ['Issue Started On', text(ticket.issueStartedOn)],
    ['Environment', text(ticket.environment)],
    ['Currently Happening', answer(ticket.exhibitingNow)],
    ['Reproducible', answer(ticket.reproducible)],
    ['Steps Attempted', text(ticket.attemptedResolution)],
    ['Components Replaced', text(ticket.componentsReplaced)],
    ['Other', text(ticket.other)],
  ];
  return (
    <FieldList title="Ticket">
      {rows.map(([label, value]) => (
        <Field key={label} label={label}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>
        </Field>
      ))}
    </FieldList>
  );
}
