import { useMemo } from 'react';
import {
  DataGrid,
  gridClasses,
  type GridColDef,
  type GridEventListener,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { PAGE_SIZE } from '@ed/contract/constants';
import { usePagedRowCount } from '../lib/use-paged-row-count';
import { usePhone } from '../lib/use-phone';
import { useStoredColumnVisibility } from '../lib/use-stored-column-visibility';
import { CellText } from './cell-text';
import { GridToolbar } from './grid-toolbar';

export interface PagedGridProps<Row extends GridValidRowModel> {
  label: string;
  /** Where the user's choice of columns is kept; defaults to the label. Tables with the same columns share one. */
  columnsKey?: string;
  /** Columns hidden until the user shows them, for tables too wide for a laptop with all shown. */
  hiddenByDefault?: readonly string[];
  /**
   * On a phone (narrower than 600 px), the only columns shown until the user picks others, so that
   * a row and its actions fit without scrolling sideways; the choice is kept apart from the laptop's.
   */
  phoneColumns?: readonly string[];
  rows: Row[] | undefined;
  totalDocs: number | undefined;
  /** A column named `actions` is always shown: it holds the row's buttons. */
  columns: GridColDef<Row>[];
  /** Defaults to the row's `id`. */
  getRowId?: (row: Row) => string | number;
  loading: boolean;
  /** 0-based, as the grid counts; calls send page + 1. */
  page: number;
  /** Rows a page of the server's answer holds; PAGE_SIZE (10) unless the call pages otherwise. */
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** Server sorting: column sorting is on only when a sort model is given; a new order starts again at page 1. */
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
  onRowDoubleClick?: GridEventListener<'rowDoubleClick'>;
  disableColumnMenu?: boolean;
  /** A click selects its row (single select), for tables whose spec asks for it. */
  selectOnClick?: boolean;
  /** Renders every column, so actions in far columns are reachable without scrolling. */
  disableVirtualization?: boolean;
  /** What an empty table says: a sentence about what is missing and, where there is one, what to do. */
  emptyText?: string;
}

/** Plain text cells wrap to two lines and show the rest in a tooltip; the actions column cannot be hidden. */
function fitted<Row extends GridValidRowModel>(column: GridColDef<Row>): GridColDef<Row> {
  if (column.field === 'actions' || column.type === 'actions') {
    return { ...column, hideable: false, sortable: false, disableColumnMenu: true };
  }
  if (column.renderCell) return column;
  return {
    ...column,
    renderCell: (params) => (
      <CellText
        text={String(params.formattedValue ?? params.value ?? '')}
        hasFocus={params.hasFocus}
        align={params.colDef.align}
      />
    ),
  };
}

/**
 * A server-paged table of 10 rows (part 2 §9): the page-size control is fixed, first and last buttons
 * shown. It fits the screen: headers and cells wrap to two lines, cut text has a tooltip, and the
 * Columns button hides columns, a choice kept per table in this browser.
 */
export function PagedGrid<Row extends GridValidRowModel>(props: PagedGridProps<Row>) {
  const { label, columnsKey, hiddenByDefault = [], phoneColumns, rows, totalDocs, columns, page, ...rest } = props;
  const {
    onPageChange,
    sortModel,
    onSortModelChange,
    selectOnClick,
    pageSize = PAGE_SIZE,
    emptyText,
    ...gridProps
  } = rest;
  const rowCount = usePagedRowCount(totalDocs === undefined ? undefined : { totalDocs });
  const phone = usePhone() && phoneColumns !== undefined;
  const hidden = phone
    ? columns.map((c) => c.field).filter((field) => field !== 'actions' && !phoneColumns.includes(field))
    : hiddenByDefault;
  const [visibility, setVisibility] = useStoredColumnVisibility(
    `${columnsKey ?? label}${phone ? ':phone' : ''}`,
    Object.fromEntries(hidden.map((field) => [field, false])),
  );
  const columnDefs = useMemo(() => columns.map(fitted), [columns]);
  // A stored choice cannot hide what may not be hidden (a table's actions).
  const shown = useMemo(() => {
    const fixed = new Set(columnDefs.filter((c) => c.hideable === false).map((c) => c.field));
    return Object.fromEntries(Object.entries(visibility).filter(([field]) => !fixed.has(field)));
  }, [columnDefs, visibility]);
  return (
    <DataGrid
      {...gridProps}
      aria-label={label}
      autoHeight
      columns={columnDefs}
      rows={rows ?? []}
      rowCount={rowCount}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableColumnSorting={!sortModel}
      disableRowSelectionOnClick={!selectOnClick}
      paginationModel={{ page, pageSize }}
      onPaginationModelChange={(model) => onPageChange(model.page)}
      pageSizeOptions={[pageSize]}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        onSortModelChange?.(model);
        onPageChange(0);
      }}
      columnVisibilityModel={shown}
      onColumnVisibilityModelChange={setVisibility}
      showToolbar
      localeText={{ noRowsLabel: emptyText ?? `No ${label.toLowerCase()} to show.` }}
      slots={{ toolbar: GridToolbar }}
      slotProps={{ basePagination: { material: { showFirstButton: true, showLastButton: true } } }}
      sx={{
        // Headers wrap to two lines instead of being cut at one.
        [`& .${gridClasses.columnHeaderTitle}`]: {
          whiteSpace: 'normal',
          lineHeight: 1.2,
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 2,
        },
      }}
    />
  );
}
