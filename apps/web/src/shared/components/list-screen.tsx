import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { errorMessage } from '../api/http';
import { listLoading } from '../lib/list-loading';
import { PagedGrid, type PagedGridProps } from './paged-grid';

/** What the frame reads of the list's query (a TanStack Query result). */
export interface ListQuery<Data> {
  data: Data | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

/** A page of the server's answer, as most list calls give it. */
export interface Paged<Row> {
  docs: Row[];
  totalDocs: number;
}

/**
 * The rows: a paged answer's own, or, for an answer of another shape (a whole list paged here,
 * endpoints under another name), the ones the screen takes out of it.
 */
type ListRows<Row> =
  | { list: ListQuery<Paged<Row>> }
  | { list: ListQuery<unknown>; rows: Row[] | undefined; totalDocs: number | undefined };

/** What a screen puts around its list; a screen's own grid component passes them on. */
export interface ListSlots {
  /** Above the list: its filters and buttons (ListToolbar, or a layout of the screen's own). */
  toolbar?: ReactNode;
  /** The error alert's own spacing (`{ mb: 2 }` where the screen keeps it apart from the table). */
  alertSx?: SxProps<Theme>;
  /** Below the list: the dialogs its rows and buttons open. */
  children?: ReactNode;
}

export type ListScreenProps<Row extends GridValidRowModel> = Omit<
  PagedGridProps<Row>,
  'rows' | 'totalDocs' | 'loading'
> &
  ListRows<Row> &
  ListSlots;

function rowsOf<Row extends GridValidRowModel>(props: ListRows<Row>): Pick<PagedGridProps<Row>, 'rows' | 'totalDocs'> {
  if ('rows' in props) return { rows: props.rows, totalDocs: props.totalDocs };
  return { rows: props.list.data?.docs, totalDocs: props.list.data?.totalDocs };
}

/**
 * A list screen's frame: the toolbar, the list call's error in words, the server-paged table
 * (loading only while the rows shown are not the ones asked for, see listLoading) and the
 * dialogs. Each screen keeps its columns, texts and state.
 */
export function ListScreen<Row extends GridValidRowModel>(props: ListScreenProps<Row>) {
  const { list, toolbar, alertSx, children, ...grid } = props;
  return (
    <>
      {toolbar}
      {list.isError && (
        <Alert severity="error" sx={alertSx}>
          {errorMessage(list.error)}
        </Alert>
      )}
      <PagedGrid {...grid} {...rowsOf(props)} loading={listLoading(list)} />
      {children}
    </>
  );
}

/** The toolbar most lists have: one row of filters and buttons, centred, above the table. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
      {children}
    </Stack>
  );
}
