import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routeKey } from '@ed/contract/http-api';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { usersRoutes } from '@ed/contract/routes/users';
import { jsonResponse } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { AuditsPage } from './audits-page';

const entry = {
  id: 1,
  at: '2026-11-21T10:00:00.000Z',
  username: 'admin',
  /** An audited call is named by its route's key. */
  action: routeKey(usersRoutes.deleteUser),
  target: 'joe',
  outcome: 200,
  address: '203.0.113.7',
  requestId: 'req-1',
  clientRequestId: null,
};

describe('AuditsPage', () => {
  it('reads its filters from the address, shows the rows, and sends a changed filter', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, { totalDocs: 1, docs: [entry] }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/Audits', element: <AuditsPage /> }], '/Audits?target=joe');
    expect(await screen.findByText(entry.action)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Target').value).toBe('joe');
    expect(fetchMock.mock.calls[0]![0]).toBe(`${auditsRoutes.getAudits.path}?filterTarget=joe&page=1`);

    await user.type(screen.getByLabelText('User'), 'admin');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        `${auditsRoutes.getAudits.path}?filterUsername=admin&filterTarget=joe&page=1`,
      ),
    );
    expect(router.state.location.search).toBe('?user=admin&target=joe');
  });

  it('filters by address and by outcome for an investigator, and shows the address of each row', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, { totalDocs: 1, docs: [entry] }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/Audits', element: <AuditsPage /> }], '/Audits?address=203.0.113.7');
    expect(await screen.findByRole('gridcell', { name: '203.0.113.7' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe(`${auditsRoutes.getAudits.path}?filterAddress=203.0.113.7&page=1`);

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: '429 Too many' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        `${auditsRoutes.getAudits.path}?filterAddress=203.0.113.7&filterOutcome=429&page=1`,
      ),
    );
    expect(router.state.location.search).toBe('?address=203.0.113.7&outcome=429');
  });

  it('keeps the page in the address beside the filters, and a changed filter goes back to page 1', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, { totalDocs: 25, docs: [entry] }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/Audits', element: <AuditsPage /> }], '/Audits?target=joe&page=2');
    expect(await screen.findByText(/11–20 of 25/)).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe(`${auditsRoutes.getAudits.path}?filterTarget=joe&page=2`);

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(router.state.location.search).toBe('?target=joe&page=3');
    await user.type(screen.getByLabelText('Action (starts with)'), 'POST');
    expect(router.state.location.search).toBe('?action=POST&target=joe');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        `${auditsRoutes.getAudits.path}?filterAction=POST&filterTarget=joe&page=1`,
      ),
    );
  });

  it('exports the filtered log through the streaming export and says how many rows came', async () => {
    // jsdom has no object URLs; a subclass stands in for URL during this test only.
    class BlobUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:audits');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', BlobUrl);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith(auditsRoutes.exportCsv.path)
        ? new Response('Time (UTC),User\n2026-11-21T10:00:00.000Z,admin\n', {
            headers: { 'content-type': 'text/csv', 'x-export-rows': '1', 'x-export-matched': '1' },
          })
        : jsonResponse(200, { totalDocs: 1, docs: [entry] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/Audits', element: <AuditsPage /> }], '/Audits?target=joe');
    expect(await screen.findByText(entry.action)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1 row to audit-log.csv.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`${auditsRoutes.exportCsv.path}?filterTarget=joe`);
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });
});
