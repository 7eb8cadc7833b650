import {
  DataGrid,
  type GridColDef,
  type GridEventListener,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { PAGE_SIZE } from '@ed/contract/constants';
import { usePagedRowCount } from '../lib/use-paged-row-count';

export interface PagedGridProps<Row extends GridValidRowModel> {
  label: string;
  rows: Row[] | undefined;
  totalDocs: number | undefined;
  columns: GridColDef<Row>[];
  /** Defaults to the row's `id`. */
  getRowId?: (row: Row) => string | number;
  loading: boolean;
  /** 0-based, as the grid counts; calls send page + 1. */
  page: number;
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
}

/** A server-paged table of 10 rows (part 2 §9): the page-size control is fixed, first and last buttons shown. */
export function PagedGrid<Row extends GridValidRowModel>(props: PagedGridProps<Row>) {
  const { label, rows, totalDocs, page, onPageChange, sortModel, onSortModelChange, selectOnClick, ...rest } = props;
  const rowCount = usePagedRowCount(totalDocs === undefined ? undefined : { totalDocs });
  return (
    <DataGrid
      {...rest}
      aria-label={label}
      autoHeight
      rows={rows ?? []}
      rowCount={rowCount}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableColumnSorting={!sortModel}
      disableRowSelectionOnClick={!selectOnClick}
      paginationModel={{ page, pageSize: PAGE_SIZE }}
      onPaginationModelChange={(model) => onPageChange(model.page)}
      pageSizeOptions={[PAGE_SIZE]}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        onSortModelChange?.(model);
        onPageChange(0);
      }}
      slotProps={{ basePagination: { material: { showFirstButton: true, showLastButton: true } } }}
    />
  );
}
