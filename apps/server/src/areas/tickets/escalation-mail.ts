import type { FastifyBaseLogger } from 'fastify';
import { ticketDeepLink } from '@ed/contract/tickets';
import type { Mailer } from '../../shared/mailer.js';
import type { TicketRow } from './tickets.repository.js';

export type EscalationEvent =
  | { kind: 'created' }
  | { kind: 'escalated'; by: string }
  | { kind: 'comment'; author: string; text: string }
  | { kind: 'attachment'; author: string; description: string };

const HEADLINES = {
  created: 'New escalated ticket',
  escalated: 'Escalated ticket',
  comment: 'New comment on escalated ticket',
  attachment: 'New attachment on escalated ticket',
} as const;

/** Builds the mail engineering receives while a ticket is escalated. */
export function escalationMail(ticket: TicketRow, event: EscalationEvent, publicUrl: string) {
  const subject = `${HEADLINES[event.kind]} ${ticket.id} for aligner ${ticket.serialNumber}`;
  const lines = [
    `${subject}.`,
    '',
    `Ticket: ${ticket.id}`,
    `Serial number: ${ticket.serialNumber}`,
    `Opened by: ${ticket.issuerUsername}`,
    `Description: ${ticket.description || '(none)'}`,
  ];
  if (event.kind === 'escalated') lines.push('', `Escalated by ${event.by}.`);
  if (event.kind === 'comment') lines.push('', `Comment by ${event.author}:`, event.text);
  if (event.kind === 'attachment') {
    lines.push('', `Attachment by ${event.author}: ${event.description || 'no description'}`);
  }
  lines.push('', `Open the ticket: ${publicUrl}${ticketDeepLink(ticket.id)}`);
  return { subject, text: lines.join('\n') };
}

/** Sends escalation mails after the change is committed; a mail failure is logged, not undone. */
export class EscalationMailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: { mailer: Mailer; to: string[]; publicUrl: string; logger: FastifyBaseLogger }) {}

  notify(ticket: TicketRow, event: EscalationEvent): Promise<void> {
    if (!ticket.escalated || ticket.closed || this.deps.to.length === 0) return Promise.resolve();
    const mail = escalationMail(ticket, event, this.deps.publicUrl);
    const sending = this.deps.mailer
      .send({ to: this.deps.to, ...mail })
      .catch((err: unknown) => this.deps.logger.error({ err, ticketId: ticket.id }, 'escalation mail not sent'))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
    return sending;
  }

  /** Lets mails in flight finish before the server stops. */
  async drain(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
