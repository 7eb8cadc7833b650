import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { unitClaimsRoutes } from '@ed/contract/routes/unit-claims';
import type { UnitClaim } from '@ed/contract/unit-claims';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { UnitClaimsPage } from './unit-claims-page';

const claim: UnitClaim = {
  id: 1,
  serialNumber: 'V55EX0001',
  address: '81.2.69.142',
  countryCode: 'GB',
  requestedAt: '2031-01-01T10:00:00.000Z',
  status: 'refused',
  decidedBy: 'ann',
  decidedAt: '2031-01-02T10:00:00.000Z',
  credentialIssuedAt: null,
};

describe('UnitClaimsPage', () => {
  it('exports the claims of the switch’s filter as CSV', async () => {
    writeToken(tokenFor('admin', 'ann'));
    // jsdom has no object URLs; a subclass stands in for URL during this test only.
    class BlobUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:unit-claims');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', BlobUrl);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const server = fakeServer([
      reply(unitClaimsRoutes.listClaims, () => ({ claims: [claim], pending: 0 })),
      reply(
        unitClaimsRoutes.exportClaims,
        () =>
          new Response('Serial Number,Status\nV55EX0001,Refused\n', {
            headers: { 'content-type': 'text/csv', 'x-export-rows': '1', 'x-export-matched': '1' },
          }),
      ),
    ]);
    const user = userEvent.setup();
    renderScreen(<UnitClaimsPage />, { path: '/UnitClaims?decided=1' });
    expect(await screen.findByText('V55EX0001')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/to unit-claims\.csv\./)).toBeTruthy();
    const exports = server.callsTo(unitClaimsRoutes.exportClaims);
    expect(exports).toHaveLength(1);
    expect(exports[0]!.query.get('status')).toBe('all');
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });
});
