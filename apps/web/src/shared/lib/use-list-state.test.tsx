import { act, useEffect } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { useListState, type ListState, type ListStateOptions } from './use-list-state';

const DEFAULTS = { serialNumber: '', status: 'open' };
const NAMES = { serialNumber: 'serial_number' };
const SORT_FIELDS = ['createdAt', 'updatedAt'];
/** The hook's latest answer, for the test to call its setters; `filters` keeps each render's filters. */
const held: { state?: ListState<typeof DEFAULTS>; filters: (typeof DEFAULTS)[] } = { filters: [] };

type Options = Omit<ListStateOptions<typeof DEFAULTS>, 'names'>;

function Probe({ prefix, sortFields, defaultSort }: Options) {
  const state = useListState(DEFAULTS, { names: NAMES, prefix, sortFields, defaultSort });
  useEffect(() => {
    held.state = state;
    held.filters.push(state.filters);
  });
  return (
    <p>
      {state.filters.serialNumber}|{state.filters.status}|{state.page}|{JSON.stringify(state.sortModel)}
    </p>
  );
}

const at = (path: string, prefix?: string, options: Options = {}) =>
  renderRoutes([{ path: '/List', element: <Probe prefix={prefix} {...options} /> }], path);
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

  it('keeps every change made in one event, as a new sort and the grid going back to page 1', () => {
    const { router } = at('/List?page=3&serial_number=A12');
    act(() => {
      held.state!.setSortModel([{ field: 'updatedAt', sort: 'desc' }]);
      held.state!.setPage(0);
    });
    expect(address(router)).toBe('/List?serial_number=A12&sort=-updatedAt');
    act(() => {
      held.state!.setFilters({ status: 'closed' });
      held.state!.setPage(2);
    });
    expect(address(router)).toBe('/List?serial_number=A12&status=closed&sort=-updatedAt&page=3');
  });

  it('writes the filters in the order of the defaults, whatever order they were set in', () => {
    const { router } = at('/List?sort=createdAt&status=closed&serial=V33CP1234');
    act(() => held.state!.setFilters({ serialNumber: 'B7' }));
    expect(address(router)).toBe('/List?serial=V33CP1234&serial_number=B7&status=closed&sort=createdAt');
  });

  it('does not touch the address, nor the history, when nothing changes', () => {
    const { router } = at('/List?serial_number=A12');
    const before = router.state.location.key;
    act(() => held.state!.setPage(0));
    act(() => held.state!.setFilters({ serialNumber: 'A12', status: 'open' }));
    act(() => held.state!.setSortModel([]));
    expect(router.state.location.key).toBe(before);
    expect(router.state.historyAction).toBe('POP');
  });

  it('keeps the filters the same object while only the page or the sort changes', () => {
    held.filters = [];
    at('/List?serial_number=A12');
    act(() => held.state!.setPage(3));
    act(() => held.state!.setSortModel([{ field: 'createdAt', sort: 'asc' }]));
    expect(held.filters.length).toBeGreaterThan(2);
    expect(new Set(held.filters).size).toBe(1);
    act(() => held.state!.setFilters({ status: 'closed' }));
    expect(new Set(held.filters).size).toBe(2);
  });

  it('ignores a sort on a column that does not sort', () => {
    at('/List?sort=-password', undefined, { sortFields: SORT_FIELDS });
    expect(screen.getByText('|open|0|[]')).toBeTruthy();
  });

  it('uses a default sort the address leaves out, and writes a cleared sort as empty', async () => {
    const { router } = at('/List', undefined, { sortFields: SORT_FIELDS, defaultSort: 'createdAt' });
    expect(screen.getByText('|open|0|[{"field":"createdAt","sort":"asc"}]')).toBeTruthy();
    act(() => held.state!.setSortModel([]));
    expect(address(router)).toBe('/List?sort=');
    expect(await screen.findByText('|open|0|[]')).toBeTruthy();
    act(() => held.state!.setSortModel([{ field: 'updatedAt', sort: 'desc' }]));
    expect(address(router)).toBe('/List?sort=-updatedAt');
    act(() => held.state!.setSortModel([{ field: 'createdAt', sort: 'asc' }]));
    expect(address(router)).toBe('/List');
  });
});
