import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@ed/contract/tickets';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { TicketDetailDialog } from './ticket-detail-dialog';
import { ticketFixture } from '../../../testing/ticket-fixture';

function setup(ticket: Ticket) {
  writeToken(tokenFor('support', 'alice'));
  let current = ticket;
  const server = fakeServer([
    reply(ticketsRoutes.getTicket, () => current),
    reply(ticketsRoutes.createComment, (req) => {
      const body = req.body as { text: string };
      const comment = {
        id: 1,
        ticketId: 7,
        authorUsername: 'alice',
        text: body.text,
        createdAt: '2026-11-20T11:00:00.000Z',
      };
      current = { ...current, comments: [comment] };
      return comment;
    }),
  ]);
  const onClose = vi.fn();
  renderScreen(<TicketDetailDialog id={ticket.id} onClose={onClose} />);
  return { ...server, user: userEvent.setup(), onClose };
}

describe('TicketDetailDialog', () => {
  it('shows an open ticket with its fields, NO COMMENTS and NO ATTACHMENTS, and saves a comment', async () => {
    const { user, callsTo } = setup(ticketFixture());
    const dialog = await screen.findByRole('dialog', { name: 'Ticket 7 OPEN' });
    expect(within(dialog).getByText('Pat Caller')).toBeTruthy();
    expect(within(dialog).getByText('Owned Aligner')).toBeTruthy();
    expect(within(dialog).getByText('NO COMMENTS')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'New Comment' }));
    const comment = screen.getByRole('dialog', { name: 'New Comment on Ticket 7' });
    const save = within(comment).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await user.type(within(comment).getByRole('textbox', { name: 'Comment' }), '   ');
    expect(save.disabled).toBe(true);
    await user.click(within(comment).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(ticketsRoutes.createComment)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'New Comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Sent a photo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Sent a photo')).toBeTruthy();
    expect(callsTo(ticketsRoutes.createComment)[0]?.body).toEqual({
      ticketId: 7,
      authorUsername: 'alice',
      text: 'Sent a photo',
    });

    await user.click(within(dialog).getByRole('tab', { name: 'Attachments (0)' }));
    expect(within(dialog).getByText('NO ATTACHMENTS')).toBeTruthy();
  });

  it('keeps Upload off until a file is chosen and a description is written', async () => {
    const { user } = setup(ticketFixture());
    const dialog = await screen.findByRole('dialog', { name: 'Ticket 7 OPEN' });
    await user.click(within(dialog).getByRole('button', { name: 'New Attachment' }));
    const upload = screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' });
    expect(upload.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'wheel');
    expect(upload.disabled).toBe(true);
    await user.upload(
      screen.getByLabelText('Image file'),
      new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }),
    );
    expect(upload.disabled).toBe(false);
  });

  it('refuses a file that is not a PNG or JPEG when it is picked', async () => {
    setup(ticketFixture());
    // As "All files" in the system's picker would let it through.
    const user = userEvent.setup({ applyAccept: false });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket 7 OPEN' });
    await user.click(within(dialog).getByRole('button', { name: 'New Attachment' }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'wheel');
    await user.upload(screen.getByLabelText('Image file'), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText('a.gif is not a PNG or JPEG image: choose another file.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' }).disabled).toBe(true);
  });

  it('offers a closed ticket neither comments nor attachments, and lists attachments with no description', async () => {
    setup(
      ticketFixture({
        status: 'closed',
        closed: true,
        closedByUsername: 'bob',
        closedAt: '2026-11-21T10:00:00.000Z',
        attachments: [
          {
            id: 3,
            ticketId: 7,
            authorUsername: 'bob',
            description: '',
            mimeType: 'image/png',
            size: 10,
            width: 300,
            height: 200,
            thumbnail: 'data:image/png;base64,AA==',
            url: `${ticketsRoutes.getAttachment.path}?id=3`,
            fileName: 'ticket-7-attachment-3.png',
            thumbFileName: 'ticket-7-attachment-3-thumb.png',
            createdAt: '2026-11-20T12:00:00.000Z',
          },
        ],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ticket 7 CLOSED' });
    expect(within(dialog).queryByRole('button', { name: 'New Comment' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'New Attachment' })).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('tab', { name: 'Attachments (1)' }));
    expect(within(dialog).getByText('no description')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLImageElement>('img', { name: 'no description' }).width).toBe(102);
  });
});
