import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { radarRoutes } from '@ed/contract/routes/radar';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { equipmentFixture, tokenFor } from '../../../testing/fixtures';
import { emulateFocusFixup } from '../../../testing/focus-fixup';
import { renderScreen } from '../../../testing/render';
import { EquipmentDetailDialog } from './equipment-detail-dialog';
import type { EquipmentSlots } from './equipment-slots';

// The other features' pieces are the app layer's to fill in (app/equipment/); these tests open none of them.
const slots: EquipmentSlots = {
  SupportTicketWizard: () => null,
  TicketHistoryDialog: () => null,
  StagingButtons: () => null,
};

/** The server's answer a moment later, as over a network: the star shows its pending state meanwhile. */
const later = <T,>(answer: T) => new Promise<T>((resolve) => setTimeout(() => resolve(answer), 50));

function open(favorite: boolean) {
  writeToken(tokenFor('admin', 'alice'));
  emulateFocusFixup();
  const server = fakeServer([
    reply(alignersRoutes.getAligner, () => equipmentFixture({ favorite })),
    reply(dashboardRoutes.getLatestSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestGtpsSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestOasisSoftwareVersion, () => null),
    reply(radarRoutes.addFavorite, () => later(equipmentFixture({ favorite: true }))),
    reply(radarRoutes.removeFavorite, () => later({ message: 'Removed.' })),
  ]);
  renderScreen(
    <EquipmentDetailDialog
      serialNumber="V33CP1234"
      onClose={() => undefined}
      onSerialChanged={() => undefined}
      slots={slots}
    />,
  );
  return { ...server, user: userEvent.setup() };
}

describe('the radar star of the equipment detail', () => {
  it.each([
    ['Enter', '{Enter}', false, 'Remove from My Radar', radarRoutes.addFavorite],
    ['Space', ' ', true, 'Add to My Radar', radarRoutes.removeFavorite],
  ])(
    'keeps the focus after %s toggles it, on the same button named the other way',
    async (_key, keys, favorite, next, route) => {
      const { user, callsTo } = open(favorite);
      const star = await screen.findByRole('button', { name: favorite ? 'Remove from My Radar' : 'Add to My Radar' });
      star.focus();
      await user.keyboard(keys);
      const toggled = await screen.findByRole('button', { name: next });
      expect(callsTo(route)).toHaveLength(1);
      expect(toggled).toBe(star);
      // Past a turn of the dialog's focus trap (50 ms), which pulls a lost focus back to the dialog.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(document.activeElement).toBe(toggled);
    },
  );

  it('ignores a second press while the server answers the first', async () => {
    const { user, callsTo } = open(false);
    (await screen.findByRole('button', { name: 'Add to My Radar' })).focus();
    await user.keyboard('{Enter}{Enter}');
    await screen.findByRole('button', { name: 'Remove from My Radar' });
    expect(callsTo(radarRoutes.addFavorite)).toHaveLength(1);
    expect(callsTo(radarRoutes.removeFavorite)).toHaveLength(0);
  });
});
