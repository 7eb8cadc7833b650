import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { equipmentFixture, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { SupportTicketWizard } from './support-ticket-wizard';
import { ticketFixture } from '../../../testing/ticket-fixture';

function setup() {
  writeToken(tokenFor('support', 'alice'));
  const server = fakeServer([
    reply(alignersRoutes.getAligner, () => equipmentFixture()),
    reply(ticketsRoutes.createTicket, () => ticketFixture({ id: 12 })),
  ]);
  const onClose = vi.fn();
  renderScreen(<SupportTicketWizard serialNumber="V33CP1234" onClose={onClose} />);
  return { ...server, user: userEvent.setup(), onClose };
}

describe('SupportTicketWizard', () => {
  it('walks the three steps with Next and Previous and saves the answers as the signed-in user', async () => {
    const { user, callsTo, onClose } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Support Ticket for V33CP1234' });
    await within(dialog).findByRole('form', { name: 'Equipment Information' });
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: "Caller's Name" }), 'Pat');
    await user.click(within(dialog).getByRole('combobox', { name: 'Tech On Site' }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Issue Description' }), 'Targets lost');
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: "Caller's Name" }).value).toBe('Pat');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('form', { name: 'Attempted Resolution' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(ticketsRoutes.createTicket)[0]?.body).toMatchObject({
      issuerUsername: 'alice',
      serialNumber: 'V33CP1234',
      originatorName: 'Pat',
      techOnSite: false,
      reproducible: null,
      disposition: null,
      description: 'Targets lost',
      escalated: true,
    });
    expect(await screen.findByText('Ticket 12 for V33CP1234 created.')).toBeTruthy();
  });

  it('sends nothing on Cancel', async () => {
    const { user, callsTo, onClose } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Support Ticket for V33CP1234' });
    await within(dialog).findByRole('form', { name: 'Equipment Information' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(callsTo(ticketsRoutes.createTicket)).toHaveLength(0);
  });
});
