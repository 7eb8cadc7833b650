import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Six significant digits: enough to compare calibrations, short enough to read. */
export const formatNumber = (value: number): string =>
  Number.isInteger(value) ? String(value) : Number(value.toPrecision(6)).toString();

/** A matrix (or one row of coefficients) laid out as a matrix, with a label for screen readers. */
export function MatrixTable({ label, rows }: { label: string; rows: readonly (readonly number[])[] }) {
  return (
    <Table
      size="small"
      aria-label={label}
      sx={{ width: 'auto', borderLeft: 2, borderRight: 2, borderColor: 'divider' }}
    >
      <TableBody>
        {rows.map((row, r) => (
          <TableRow key={r}>
            {row.map((value, c) => (
              <TableCell key={c} align="right" sx={{ fontFamily: 'monospace', border: 0, py: 0.25 }}>
                {formatNumber(value)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Nine gains as they are reported, in row order, shown as the 3×3 matrix they are. */
export const toRows = (values: readonly number[], width = 3): number[][] =>
  Array.from({ length: Math.ceil(values.length / width) }, (_, i) => values.slice(i * width, i * width + width));
