import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { PagedGrid } from './paged-grid';

interface Row {
  id: number;
  name: string;
}
const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Name', width: 120 },
  { field: 'actions', headerName: 'Actions', width: 90, renderCell: () => <button>Open</button> },
];
const pageOf = (page: number): Row[] => [{ id: page, name: `Row on page ${page + 1}` }];

/** A caller as the screens are: page and optional sort state, rows of the current page, a count that is unknown while loading. */
function Harness({ sorting, loadingCount }: { sorting: boolean; loadingCount?: boolean }) {
  const [page, setPage] = useState(0);
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  return (
    <>
      <output aria-label="Current order">{JSON.stringify(sortModel)}</output>
      <PagedGrid
        label="Things"
        rows={pageOf(page)}
        totalDocs={loadingCount && page > 0 ? undefined : 35}
        columns={columns}
        loading={false}
        page={page}
        onPageChange={setPage}
        {...(sorting ? { sortModel, onSortModelChange: setSortModel } : {})}
      />
    </>
  );
}

describe('PagedGrid', { timeout: 15_000 }, () => {
  it('pages by 10 with first and last buttons, keeping the count while the next page loads', async () => {
    const user = userEvent.setup();
    render(<Harness sorting={false} loadingCount />);
    const grid = screen.getByRole('grid', { name: 'Things' });
    expect(within(grid).getByText('Row on page 1')).toBeTruthy();
    expect(screen.getByText(/1–10 of 35/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /rows per page/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: /last page/i }));
    expect(await within(grid).findByText('Row on page 4')).toBeTruthy();
    expect(screen.getByText(/31–35 of 35/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /first page/i }));
    expect(await within(grid).findByText('Row on page 1')).toBeTruthy();
  });

  it('sorts only when a sort model is given, and a new order starts again at page 1', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness sorting={false} />);
    await user.click(screen.getByText('Name'));
    expect(screen.getByLabelText('Current order').textContent).toBe('[]');
    unmount();

    render(<Harness sorting />);
    const grid = screen.getByRole('grid', { name: 'Things' });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(grid).findByText('Row on page 2')).toBeTruthy();
    await user.click(screen.getByText('Name'));
    await waitFor(() =>
      expect(screen.getByLabelText('Current order').textContent).toBe('[{"field":"name","sort":"asc"}]'),
    );
    expect(within(grid).getByText('Row on page 1')).toBeTruthy();
  });

  it("opens with the columns this browser hid, or else the table's default, and never hides the actions", () => {
    localStorage.setItem('grid-columns:Kept', JSON.stringify({ name: false, actions: false }));
    const props = { rows: pageOf(0), totalDocs: 1, columns, loading: false, page: 0, onPageChange: () => undefined };
    const { unmount } = render(<PagedGrid label="Kept" {...props} />);
    const kept = screen.getByRole('grid', { name: 'Kept' });
    expect(within(kept).queryByRole('columnheader', { name: 'Name' })).toBeNull();
    expect(within(kept).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    unmount();

    render(<PagedGrid label="Fresh" hiddenByDefault={['name']} {...props} />);
    expect(
      within(screen.getByRole('grid', { name: 'Fresh' })).queryByRole('columnheader', { name: 'Name' }),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
  });
});
