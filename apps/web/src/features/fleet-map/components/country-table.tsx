import { memo, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { equipmentInCountryPath } from '../../../shared/lib/app-links';
import {
  DEFAULT_SORT,
  sortCountries,
  type CountryRow,
  type CountrySort,
  type CountrySortKey,
} from '../utils/sort-countries';

const number = new Intl.NumberFormat('en-US');

/** The look of MUI's small table, its links and text buttons, given to plain rows. */
const ROW_STYLES: SxProps<Theme> = {
  '& tbody th, & tbody td': {
    typography: 'body2',
    textAlign: 'left',
    fontWeight: 'normal',
    px: 2,
    py: 0.75,
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& tbody td.number': { textAlign: 'right' },
  '& tbody a': { color: 'primary.main', mr: 2, textUnderlineOffset: '2px' },
  '& tbody button': {
    font: 'inherit',
    fontWeight: 500,
    fontSize: '0.8125rem',
    textTransform: 'uppercase',
    color: 'primary.main',
    background: 'none',
    border: 0,
    borderRadius: 1,
    px: 0.5,
    py: 0.25,
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
  },
  '& tbody a:focus-visible, & tbody button:focus-visible': {
    outline: 2,
    outlineColor: 'primary.main',
    outlineStyle: 'solid',
  },
};

const COLUMNS: { key: CountrySortKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Country', numeric: false },
  { key: 'connected', label: 'Connected', numeric: true },
  { key: 'total', label: 'Total', numeric: true },
];

/**
 * The map as a table: every country with units, sortable by any column (the headers are buttons),
 * each with a link to its equipment and a button that zooms the map into its regions.
 */
export const CountryTable = memo(function CountryTable({
  rows,
  onZoom,
}: {
  rows: readonly CountryRow[];
  onZoom: (code: string) => void;
}) {
  const [sort, setSort] = useState<CountrySort>(DEFAULT_SORT);
  const sorted = useMemo(() => sortCountries(rows, sort), [rows, sort]);
  const sortBy = (by: CountrySortKey) =>
    setSort((s) => (s.by === by ? { by, desc: !s.desc } : { by, desc: by !== 'name' }));

  return (
    <Table size="small" aria-label="Units per country" sx={ROW_STYLES}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell
              key={column.key}
              align={column.numeric ? 'right' : 'left'}
              sortDirection={sort.by === column.key ? (sort.desc ? 'desc' : 'asc') : false}
            >
              <TableSortLabel
                active={sort.by === column.key}
                direction={sort.by === column.key && sort.desc ? 'desc' : 'asc'}
                onClick={() => sortBy(column.key)}
              >
                {column.label}
              </TableSortLabel>
            </TableCell>
          ))}
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      {/* Plain rows: 200 countries of MUI cells, links and buttons took longer to mount than the map. */}
      <tbody>
        {sorted.map((row) => (
          <tr key={row.countryCode}>
            <th scope="row">
              {row.name} ({row.countryCode})
            </th>
            <td className="number">{number.format(row.connected)}</td>
            <td className="number">{number.format(row.total)}</td>
            <td>
              <RouterLink to={equipmentInCountryPath(row.countryCode)} aria-label={`Equipment in ${row.name}`}>
                Equipment
              </RouterLink>
              <button type="button" onClick={() => onZoom(row.countryCode)} aria-label={`Regions of ${row.name}`}>
                Regions
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
});
