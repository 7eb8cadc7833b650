import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@ed/contract/roles';
import { trupointRoutes } from '@ed/contract/routes/trupoint';
import type { Pairing } from '@ed/contract/trupoint';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { jsonResponse, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { TruPointPage } from './trupoint-page';

const pairing = (overrides: Partial<Pairing>): Pairing => ({
  id: '9f1c2b9e-4d7a-4b8e-9a51-0b7e0c3f1a11',
  vendor: 'Shop Systems',
  vendorKey: 'bay-7',
  alignmentId: 'AL-1',
  truPointSerialNumber: 'TP1CT0001',
  state: 'active',
  reason: null,
  calibrations: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:01:00.000Z',
  ...overrides,
});

function open(path: string, role: Role = 'support') {
  writeToken(tokenFor(role));
  const server = fakeServer([
    reply(trupointRoutes.getActivePairings, () => ({ totalDocs: 1, docs: [pairing({})] })),
    reply(trupointRoutes.getVendors, () => [
      {
        name: 'Shop Systems',
        createdAt: '2026-01-01T10:00:00.000Z',
        keys: [{ id: 3, prefix: 'tpv_abc123', createdAt: '2026-01-01T10:00:00.000Z', revokedAt: null }],
      },
    ]),
    reply(trupointRoutes.createVendorKey, () =>
      jsonResponse(201, { vendor: 'Shop Systems', id: 4, prefix: 'tpv_def456', apiKey: 'tpv_def456-the-whole-key' }),
    ),
    reply(trupointRoutes.getAbortedPairings, () => ({
      totalDocs: 1,
      docs: [
        pairing({
          alignmentId: 'AL-2',
          state: 'aborted',
          reason: 'Customer left',
          calibrations: [{ name: 'Camera Alignment', state: 'complete', passed: false, reportMessage: null }],
        }),
      ],
    })),
  ]);
  renderScreen(<TruPointPage />, { path });
  return { ...server, user: userEvent.setup() };
}

describe('Tru-Point pairings', () => {
  it("shows an active pairing's detail with 'NO CALIBRATIONS'", async () => {
    const { user } = open('/');
    await user.click(await screen.findByRole('button', { name: 'View pairing AL-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Pairing AL-1' });
    expect(within(dialog).getByText('NO CALIBRATIONS')).toBeTruthy();
    expect(within(dialog).getByText('Updated At:')).toBeTruthy();
    expect(within(dialog).queryByText('Reason:')).toBeNull();
  });

  it('shows the Aborted tab with its reason column, and calibrations with None for no message', async () => {
    const { user, callsTo } = open('/?tab=aborted');
    const grid = await screen.findByRole('grid', { name: 'Aborted pairings' });
    expect(within(grid).getByRole('columnheader', { name: 'Reason' })).toBeTruthy();
    expect(await within(grid).findByText('Customer left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View pairing AL-2' }));
    const dialog = screen.getByRole('dialog', { name: 'Pairing AL-2' });
    const row = within(within(dialog).getByRole('table', { name: 'Calibrations' })).getAllByRole('row')[1]!;
    expect(row.textContent).toBe('Camera AlignmentcompleteNoNone');
    expect(callsTo(trupointRoutes.getAbortedPairings)[0]?.query.get('page')).toBe('1');
  });

  it('gives only admins the Vendors tab, where a new key is shown once', async () => {
    open('/?tab=vendors');
    expect(await screen.findByRole('grid', { name: 'Active pairings' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Vendors' })).toBeNull();
  });

  it('issues a vendor key and shows it once', async () => {
    const { user } = open('/?tab=vendors', 'admin');
    const table = await screen.findByRole('table', { name: 'Vendors' });
    expect(await within(table).findByText('tpv_abc123…')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Issue API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key for Shop Systems' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'API key' }).value).toBe(
      'tpv_def456-the-whole-key',
    );
  });
});
