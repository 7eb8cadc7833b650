import { act, useEffect } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { useListState, type ListState } from './use-list-state';

const DEFAULTS = { serialNumber: '', status: 'open' };
const NAMES = { serialNumber: 'serial_number' };
/** The hook's latest answer, for the test to call its setters. */
const held: { state?: ListState<typeof DEFAULTS> } = {};

function Probe({ prefix }: { prefix?: string }) {
  const state = useListState(DEFAULTS, { names: NAMES, prefix });
  useEffect(() => {
    held.state = state;
  });
  return (
    <p>
      {state.filters.serialNumber}|{state.filters.status}|{state.page}|{JSON.stringify(state.sortModel)}
    </p>
  );
}

const at = (path: string, prefix?: string) =>
  renderRoutes([{ path: '/List', element: <Probe prefix={prefix} /> }], path);
const address = (router: ReturnType<typeof at>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('a list state kept in the address', () => {
  it('reads filters, page and sort from a deep link, and defaults for what it leaves out', () => {
    at('/List?serial_number=V33&page=3&sort=-updatedAt');
    expect(screen.getByText('V33|open|2|[{"field":"updatedAt","sort":"desc"}]')).toBeTruthy();
  });

  it('writes each change to the address, back to page 1 on a filter or a sort, keeping other parameters', async () => {
    const { router } = at('/List?serial=V33CP1234');
    act(() => held.state!.setPage(4));
    expect(address(router)).toBe('/List?serial=V33CP1234&page=5');
    act(() => held.state!.setFilters({ serialNumber: 'A12', status: 'closed' }));
    expect(address(router)).toBe('/List?serial=V33CP1234&serial_number=A12&status=closed');
    act(() => held.state!.setPage(1));
    act(() => held.state!.setSortModel([{ field: 'createdAt', sort: 'asc' }]));
    expect(address(router)).toBe('/List?serial=V33CP1234&serial_number=A12&status=closed&sort=createdAt');
    // A value back at its default leaves the address; the first page is never written.
    act(() => held.state!.setFilters({ status: 'open' }));
    act(() => held.state!.setSortModel([]));
    expect(address(router)).toBe('/List?serial=V33CP1234&serial_number=A12');
    expect(await screen.findByText('A12|open|0|[]')).toBeTruthy();
  });

  it('keeps two lists of one screen apart by a prefix, and ignores a page that is not a number', () => {
    const { router } = at('/List?targets.page=x&targets.status=closed&status=open', 'targets.');
    expect(screen.getByText('|closed|0|[]')).toBeTruthy();
    act(() => held.state!.setPage(1));
    expect(address(router)).toBe('/List?targets.page=2&targets.status=closed&status=open');
  });

  it('replaces the history entry rather than adding one per change', () => {
    const { router } = at('/List');
    act(() => held.state!.setFilters({ serialNumber: 'A' }));
    act(() => held.state!.setFilters({ serialNumber: 'AB' }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(address(router)).toBe('/List?serial_number=AB');
  });
});
