import { describe, expect, it } from 'vitest';
import { escalationMail } from './escalation-mail.js';
import type { TicketRow } from './tickets.repository.js';

const ticket = { id: 42, serialNumber: 'V33CT0042', issuerUsername: 'sue', description: 'Targets lost' } as TicketRow;

describe('escalationMail', () => {
  it('names the ticket, the unit, the description and links to the ticket', () => {
    const mail = escalationMail(ticket, { kind: 'created' }, 'https://console.example');
    expect(mail.subject).toBe('New escalated ticket 42 for aligner V33CT0042');
    expect(mail.text).toContain('Description: Targets lost');
    expect(mail.text).toContain('Open the ticket: https://console.example/SupportTickets?id=42');
  });

  it('carries the comment or the attachment that triggered it', () => {
    const comment = escalationMail(ticket, { kind: 'comment', author: 'bob', text: 'Still failing' }, 'http://x');
    expect(comment.subject).toBe('New comment on escalated ticket 42 for aligner V33CT0042');
    expect(comment.text).toContain('Comment by bob:\nStill failing');
    const attachment = escalationMail(ticket, { kind: 'attachment', author: 'bob', description: '' }, 'http://x');
    expect(attachment.text).toContain('Attachment by bob: no description');
  });

  it('says who escalated the ticket', () => {
    const mail = escalationMail(ticket, { kind: 'escalated', by: 'sue' }, 'http://x');
    expect(mail.subject).toBe('Escalated ticket 42 for aligner V33CT0042');
    expect(mail.text).toContain('Escalated by sue.');
  });
});
