import { useState } from 'react';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZE } from '@ed/contract/constants';

export interface PagedGridProps<Row extends GridValidRowModel> {
  label: string;
  rows: Row[] | undefined;
  totalDocs: number | undefined;
  columns: GridColDef<Row>[];
  getRowId: (row: Row) => string | number;
  loading: boolean;
  /** 0-based, as the grid counts; calls send page + 1. */
  page: number;
  onPageChange: (page: number) => void;
}

/** A server-paged table of 10 rows (part 2 §9): the page-size control is fixed, first and last buttons shown. */
export function PagedGrid<Row extends GridValidRowModel>(props: PagedGridProps<Row>) {
  const { label, rows, totalDocs, columns, getRowId, loading, page, onPageChange } = props;
  // While the next page loads the count is unknown; keeping the last one stops the pager from jumping.
  const [rowCount, setRowCount] = useState(0);
  if (totalDocs !== undefined && totalDocs !== rowCount) setRowCount(totalDocs);
  return (
    <DataGrid
      aria-label={label}
      autoHeight
      rows={rows ?? []}
      getRowId={getRowId}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableColumnSorting
      disableRowSelectionOnClick
      paginationModel={{ page, pageSize: PAGE_SIZE }}
      onPaginationModelChange={(model) => onPageChange(model.page)}
      pageSizeOptions={[PAGE_SIZE]}
      slotProps={{ basePagination: { material: { showFirstButton: true, showLastButton: true } } }}
    />
  );
}
