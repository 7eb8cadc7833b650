import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { specsRoutes } from '@ed/contract/routes/specs';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { SpecUpdateDialog } from './spec-update-dialog';

const version = { name: 'NA-2031', month: 4, year: 2031 };

describe('SpecUpdateDialog', () => {
  it('shows only the path until it validates, then Confirm only for a valid filter', async () => {
    writeToken(tokenFor('engineer', 'eve'));
    const { callsTo } = fakeServer([
      reply(specsRoutes.validateSpecUpdate, () => ({
        version,
        prerequisites: { require: '5.0.0', gtpsRequire: null, oasisRequire: null },
        files: [{ name: 'specs.db', size: 10 }],
        path: 'specs/na',
        verification: {
          signed: false,
          signedBy: [],
          expires: null,
          files: 1,
          text: 'Not signed: taken because this console allows unsigned updates (ALLOW_UNSIGNED_UPDATES).',
        },
      })),
      reply(specsRoutes.createSpecUpdate, () => ({
        id: 1,
        path: 'specs/na',
        version,
        prerequisites: { require: '5.0.0', gtpsRequire: null, oasisRequire: null },
        active: true,
        targetFamily: 'all',
        filter: ['AB*'],
        createdAt: '2031-01-01T00:00:00.000Z',
        updatedAt: '2031-01-01T00:00:00.000Z',
      })),
    ]);
    const onClose = vi.fn();
    renderScreen(<SpecUpdateDialog editing={null} open onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.queryByRole('textbox', { name: 'Filter' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Spec update path' }), 'specs/na');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    const filter = await screen.findByRole('textbox', { name: 'Filter' });
    expect((filter as HTMLInputElement).value).toBe('*');
    expect(screen.getByRole('alert').textContent).toMatch(/^The manifest was verified: spec .* Not signed: taken/);
    expect(screen.getByRole('switch', { name: 'Active' })).toBeTruthy();

    await user.clear(filter);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByText('Enter at least one serial number pattern')).toBeTruthy();
    await user.type(filter, 'ab*, ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(specsRoutes.createSpecUpdate)[0]?.body).toEqual({
      path: 'specs/na',
      version,
      active: true,
      targetFamily: 'all',
      filter: ['AB*'],
    });
  });
});
