import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { jsonResponse, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import type { TicketSlots } from './equipment-slots';
import { UnitDialog, type UnitDialogKind } from './unit-dialogs';

// The ticket dialogs are the tickets feature's, filled in by the app layer; these tests open none of them.
const slots: TicketSlots = { SupportTicketWizard: () => null, TicketHistoryDialog: () => null };

const THUMB = 'data:image/png;base64,iVBORw0KGgo=';

function open(kind: UnitDialogKind, handlers: Parameters<typeof fakeServer>[0]) {
  writeToken(tokenFor('admin'));
  const server = fakeServer(handlers);
  renderScreen(<UnitDialog kind={kind} serialNumber="V33CP1234" onClose={vi.fn()} slots={slots} />);
  return { ...server, user: userEvent.setup() };
}

describe('screen shots', () => {
  it("says 'NO SCREENSHOTS' when the unit has none", async () => {
    open('screenShots', [reply(reportsRoutes.getScreenShots, () => [])]);
    expect(await screen.findByText('NO SCREENSHOTS')).toBeTruthy();
  });

  it('lists each with its 96×54 thumbnail, and deletes one', async () => {
    let shots = [
      {
        id: 7,
        image: `${reportsRoutes.getScreenShot.path}?id=7`,
        thumbnail: THUMB,
        createdAt: '2025-01-02T03:04:05.000Z',
      },
    ];
    const { user, callsTo } = open('screenShots', [
      reply(reportsRoutes.getScreenShots, () => shots),
      reply(reportsRoutes.deleteScreenShot, () => {
        shots = [];
        return { message: 'Screen shot 7 deleted.' };
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Screen shots' });
    const thumb = within(list).getByRole<HTMLImageElement>('img');
    expect(thumb.src).toBe(THUMB);
    expect([thumb.width, thumb.height]).toEqual([96, 54]);
    await user.click(within(list).getByRole('button', { name: /^Delete screen shot/ }));
    expect(await screen.findByText('NO SCREENSHOTS')).toBeTruthy();
    expect(callsTo(reportsRoutes.deleteScreenShot)[0]?.query.get('id')).toBe('7');
  });

  it('downloads the image with the bearer and saves it as a file', async () => {
    // jsdom has no object URLs; a subclass stands in for URL during this test only.
    class BlobUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:shot');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', BlobUrl);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, fetchMock } = open('screenShots', [
      reply(reportsRoutes.getScreenShots, () => [
        {
          id: 7,
          image: `${reportsRoutes.getScreenShot.path}?id=7`,
          thumbnail: THUMB,
          createdAt: '2025-01-02T03:04:05.000Z',
        },
      ]),
      reply(
        reportsRoutes.getScreenShot,
        () =>
          new Response(new Blob(['png']), { headers: { 'content-disposition': 'attachment; filename="shot-7.png"' } }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: /^Download screen shot/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => url.includes(`${reportsRoutes.getScreenShot.path}?id=7`))!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-of-alice');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('shot-7.png');
  });
});

describe('voltages', () => {
  it("says 'NO REPORT' when there is none", async () => {
    open('voltages', [reply(reportsRoutes.getLatestVoltages, () => jsonResponse(200, null))]);
    expect(await screen.findByText('NO REPORT')).toBeTruthy();
  });

  it('colours each actual value green within Min..Max and red outside', async () => {
    open('voltages', [
      reply(reportsRoutes.getLatestVoltages, () => ({
        createdAt: '2025-01-02T03:04:05.000Z',
        voltages: [
          {
            BoardName: 'Main',
            Parameters: [
              { Name: '5V', Actual: 5.02, Min: 4.75, Max: 5.25 },
              { Name: '12V', Actual: 13.1, Min: 11.4, Max: 12.6 },
            ],
          },
        ],
      })),
    ]);
    const table = await screen.findByRole('table', { name: 'Main voltages' });
    const inRange = within(table).getByText('5.02');
    const outOfRange = within(table).getByText('13.1');
    expect(inRange.getAttribute('data-in-range')).toBe('true');
    expect(outOfRange.getAttribute('data-in-range')).toBe('false');
    expect(getComputedStyle(inRange).color).not.toBe(getComputedStyle(outOfRange).color);
  });
});

describe('USB and printer status', () => {
  it('shows the report text line by line', async () => {
    open('usb', [
      reply(reportsRoutes.getLatestUsbStatus, () => ({
        status: 'Bus 001: hub\nBus 002: camera',
        createdAt: '2025-01-02T03:04:05.000Z',
      })),
    ]);
    expect(await screen.findByText('Bus 001: hub')).toBeTruthy();
    expect(screen.getByText('Bus 002: camera').tagName).toBe('LI');
  });

  it("says 'NO REPORT' when the printer has none", async () => {
    open('printer', [reply(reportsRoutes.getLatestPrinterStatus, () => jsonResponse(200, null))]);
    expect(await screen.findByRole('dialog', { name: 'Printer Status of V33CP1234' })).toBeTruthy();
    expect(await screen.findByText('NO REPORT')).toBeTruthy();
  });
});
