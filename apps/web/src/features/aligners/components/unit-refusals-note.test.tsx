import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteAnswer } from '@ed/contract/http-api';
import { reportsRoutes } from '@ed/contract/routes/reports';
import type { Role } from '@ed/contract/roles';
import { fakeServer, reply } from '../../../testing/fake-server';
import { renderScreen } from '../../../testing/render';
import { UnitRefusalsNote } from './unit-refusals-note';

const refusals: RouteAnswer<typeof reportsRoutes.getUnitRefusals> = {
  serialNumber: 'V33CP1234',
  total: 3,
  byReason: { invalid: 3 },
  last: {
    topic: 'ed/v1/V33CP1234/state',
    reason: 'invalid',
    problems: [{ path: 'updateState', message: 'Must be an object (got string "idle").' }],
    at: '2026-11-28T09:00:00.000Z',
  },
};

function show(role: Role) {
  const server = fakeServer([reply(reportsRoutes.getUnitRefusals, () => refusals)]);
  renderScreen(<UnitRefusalsNote serialNumber="V33CP1234" role={role} />);
  return server;
}

describe('the refused messages of a unit', () => {
  it('tells an admin how many and the latest problem', async () => {
    show('admin');
    const note = await screen.findByLabelText('Messages refused');
    expect(note.textContent).toContain(
      'Messages refused: 3, last: updateState: Must be an object (got string "idle"). (on state,',
    );
  });

  it('is not asked for, nor shown, for other roles', () => {
    const server = show('support');
    expect(screen.queryByLabelText('Messages refused')).toBeNull();
    expect(server.callsTo(reportsRoutes.getUnitRefusals)).toHaveLength(0);
  });
});
