import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@ed/contract/roles';
import { specsRoutes } from '@ed/contract/routes/specs';
import type { SpecUpdate } from '@ed/contract/specs';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { SpecUpdatesPage } from './spec-updates-page';

const release = (overrides: Partial<SpecUpdate>): SpecUpdate => ({
  id: 7,
  path: 'specs/eu-2032-02',
  version: { name: 'EU-2032-02', month: 2, year: 2032 },
  prerequisites: { require: '5.0.0', gtpsRequire: null, oasisRequire: null },
  active: true,
  targetFamily: 'all',
  filter: ['*'],
  createdAt: '2032-02-01T00:00:00.000Z',
  updatedAt: '2032-02-01T00:00:00.000Z',
  ...overrides,
});

const releases = [
  release({}),
  release({ id: 9, version: { name: 'TP-2032-01', month: 1, year: 2032 }, targetFamily: 'gtps', active: false }),
];

function setup(role: Role) {
  writeToken(tokenFor(role, 'alice'));
  fakeServer([reply(specsRoutes.getSpecUpdates, () => ({ docs: releases, totalDocs: releases.length }))]);
  return renderScreen(<SpecUpdatesPage />, { path: '/SpecUpdates?tab=releases' });
}

describe('SpecUpdatesPage', { timeout: 15_000 }, () => {
  it.each<Role>(['engineer', 'admin'])(
    'gives %s a Roll out link per release to the wizard, with the family it would start with',
    async (role) => {
      setup(role);
      const grid = await screen.findByRole('grid', { name: 'Spec releases' });
      const forAll = await within(grid).findByRole('link', { name: 'Roll out EU-2032-02' });
      // A release for all families opens as one for aligners: the wizard lets the user change it.
      expect(forAll.getAttribute('href')).toBe('/Rollouts/new?payload=spec&specUpdateId=7&family=aligner');
      expect(forAll.textContent).toBe('Roll out');
      expect(within(grid).getByRole('link', { name: 'Roll out TP-2032-01' }).getAttribute('href')).toBe(
        '/Rollouts/new?payload=spec&specUpdateId=9&family=gtps',
      );
      expect(within(grid).getByRole('button', { name: 'Edit EU-2032-02' })).toBeTruthy();
    },
  );

  it('offers no Roll out (nor Edit) to a role that does not manage rollouts', async () => {
    setup('support');
    const grid = await screen.findByRole('grid', { name: 'Spec releases' });
    await within(grid).findByText('TP-2032-01');
    expect(within(grid).queryByRole('link', { name: /^Roll out/ })).toBeNull();
    expect(within(grid).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
