import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleMenu } from '@ed/contract/permissions';
import { ROLES } from '@ed/contract/roles';
import { webhooksRoutes } from '@ed/contract/routes/webhooks';
import type { Webhook, WebhookDelivery } from '@ed/contract/webhooks';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { WebhooksPage } from './webhooks-page';

const URL_A = 'https://hooks.example.com/console';
const SECRET = 'whsec_c2VjcmV0LWJ5dGVzLWZvci10aGUtd2ViLXRlc3Q=';

const endpoint: Webhook = {
  id: 1,
  url: URL_A,
  events: ['alarm.raised', 'install.failed'],
  format: 'standard',
  active: true,
  createdBy: 'alice',
  createdAt: '2031-01-02T10:00:00.000Z',
};
const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'msg_0a1b2c',
  endpointId: 1,
  endpointUrl: URL_A,
  eventType: 'alarm.raised',
  eventId: 'alarm-7',
  status: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  lastStatusCode: 204,
  lastError: null,
  createdAt: '2031-01-02T11:00:00.000Z',
  deliveredAt: '2031-01-02T11:00:01.000Z',
  ...over,
});

function setup(path = '/Webhooks') {
  writeToken(tokenFor('admin', 'alice'));
  const server = fakeServer([
    reply(webhooksRoutes.listWebhooks, () => ({ endpoints: [endpoint] })),
    reply(webhooksRoutes.listWebhookDeliveries, () => ({
      docs: [
        delivery({ id: 'msg_failed', status: 'failed', attempts: 9, lastStatusCode: 500, lastError: 'HTTP 500: down' }),
        delivery({ id: 'msg_waiting', status: 'pending', nextAttemptAt: '2031-01-02T11:05:00.000Z', lastError: null }),
      ],
      totalDocs: 2,
    })),
    reply(webhooksRoutes.createWebhook, (req) => ({ ...endpoint, id: 2, ...(req.body as object), secret: SECRET })),
    reply(webhooksRoutes.updateWebhook, (req) => ({ ...endpoint, ...(req.body as object) })),
    reply(webhooksRoutes.deleteWebhook, () => ({ message: `Webhook endpoint ${URL_A} deleted.` })),
    reply(webhooksRoutes.redeliverWebhookDelivery, (req) => delivery({ ...(req.body as object), status: 'pending' })),
  ]);
  return { ...renderScreen(<WebhooksPage />, { path }), ...server, user: userEvent.setup() };
}

describe('WebhooksPage', { timeout: 20_000 }, () => {
  it('is in the menu of admins only, as the server answers its calls to admins only', () => {
    for (const role of ROLES) {
      expect(
        visibleMenu(role).some((item) => item.path === '/Webhooks'),
        role,
      ).toBe(role === 'admin');
    }
  });

  it('adds an endpoint and shows its secret once, with a copy button', async () => {
    const { user, callsTo } = setup();
    await screen.findByRole('grid', { name: 'Webhook Endpoints' });
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook Endpoint' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://hooks.example.com/new');
    const events = within(dialog).getByRole('group', { name: 'Events' });
    await user.click(within(events).getByRole('checkbox', { name: 'Rollout paused' }));
    await user.click(within(events).getByRole('checkbox', { name: 'Alarm raised' }));
    await user.click(add);
    await waitFor(() =>
      expect(callsTo(webhooksRoutes.createWebhook)[0]?.body).toEqual({
        url: 'https://hooks.example.com/new',
        events: ['alarm.raised', 'rollout.paused'],
        format: 'standard',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Webhook Endpoint Added' });
    expect(within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' }).value).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await within(shown).findByText('Copied to the clipboard.')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('disables an endpoint, and deletes one after asking', async () => {
    const { user, callsTo } = setup();
    const grid = await screen.findByRole('grid', { name: 'Webhook Endpoints' });
    expect(await within(grid).findByText('Alarm raised, Install failed')).toBeTruthy();
    await user.click(within(grid).getByRole('button', { name: `Disable ${URL_A}` }));
    await waitFor(() => expect(callsTo(webhooksRoutes.updateWebhook)[0]?.body).toEqual({ id: 1, active: false }));
    await user.click(within(grid).getByRole('button', { name: `Delete ${URL_A}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Webhook Endpoint' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(webhooksRoutes.deleteWebhook)[0]?.body).toEqual({ id: 1 }));
    expect(await screen.findByText(`Webhook endpoint ${URL_A} deleted.`)).toBeTruthy();
  });

  it('lists the deliveries by status and redelivers a failed one', async () => {
    const { user, callsTo } = setup('/Webhooks?status=failed');
    const grid = await screen.findByRole('grid', { name: 'Webhook Deliveries' });
    expect(await within(grid).findByText('HTTP 500: down')).toBeTruthy();
    expect(within(grid).getByText('Pending, next attempt', { exact: false })).toBeTruthy();
    await waitFor(() => expect(callsTo(webhooksRoutes.listWebhookDeliveries)[0]?.query.get('status')).toBe('failed'));
    // Only what was delivered or failed is sent again: a pending one is still being tried.
    const buttons = within(grid).getAllByRole('button', { name: `Redeliver Alarm raised to ${URL_A}` });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    await waitFor(() =>
      expect(callsTo(webhooksRoutes.redeliverWebhookDelivery)[0]?.body).toEqual({ id: 'msg_failed' }),
    );
  });
});
