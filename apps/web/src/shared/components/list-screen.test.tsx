import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { ListScreen, type ListQuery, type Paged } from './list-screen';

interface Row {
  id: number;
  name: string;
}
const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Name', width: 120 }];

/** A query as TanStack Query gives it: settled, with an answer or an error. */
const settled = (data: Paged<Row> | undefined, error: Error | null = null): ListQuery<Paged<Row>> => ({
  data,
  error,
  isError: error !== null,
  isFetching: false,
  isPlaceholderData: false,
});

const follows = (first: Node, then: Node) =>
  (first.compareDocumentPosition(then) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('ListScreen', { timeout: 15_000 }, () => {
  it('shows the list call’s error in words above the table', () => {
    render(
      <ListScreen
        list={settled(undefined, new ApiError(503, 'The server is busy.'))}
        label="Things"
        columns={columns}
        page={0}
        onPageChange={vi.fn()}
        emptyText="No things yet."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The server is busy.');
    expect(within(screen.getByRole('grid', { name: 'Things' })).getByText('No things yet.')).toBeTruthy();
  });

  it('shows the rows of the answer between the toolbar and the dialogs, with no alert', () => {
    render(
      <ListScreen
        toolbar={<button>Create Thing</button>}
        list={settled({ docs: [{ id: 1, name: 'Alpha' }], totalDocs: 1 })}
        label="Things"
        columns={columns}
        page={0}
        onPageChange={vi.fn()}
      >
        <p>A dialog</p>
      </ListScreen>,
    );
    const grid = screen.getByRole('grid', { name: 'Things' });
    expect(within(grid).getByText('Alpha')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(follows(screen.getByRole('button', { name: 'Create Thing' }), grid)).toBe(true);
    expect(follows(grid, screen.getByText('A dialog'))).toBe(true);
  });

  it('takes the rows a screen cuts out of an answer of another shape', () => {
    const answer = {
      all: [
        { id: 1, name: 'Alpha' },
        { id: 2, name: 'Beta' },
      ],
    };
    render(
      <ListScreen
        list={{ ...settled(undefined), data: answer }}
        rows={answer.all.slice(1)}
        totalDocs={answer.all.length}
        label="Things"
        columns={columns}
        page={0}
        onPageChange={vi.fn()}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Things' });
    expect(within(grid).getByText('Beta')).toBeTruthy();
    expect(within(grid).queryByText('Alpha')).toBeNull();
  });

  it('calls back with the page the user turns to', async () => {
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ListScreen
        list={settled({ docs: [{ id: 1, name: 'Alpha' }], totalDocs: 25 })}
        label="Things"
        columns={columns}
        page={0}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText(/1–10 of 25/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});
