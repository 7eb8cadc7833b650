import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { ColumnsPanelTrigger, Toolbar } from '@mui/x-data-grid';

/** A table's toolbar: one labelled button that opens the panel where columns are shown or hidden. */
export function GridToolbar() {
  return (
    <Toolbar>
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnOutlined fontSize="small" />}>
        Columns
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}
