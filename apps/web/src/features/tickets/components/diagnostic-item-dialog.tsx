import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DiagnosticItem } from '@ed/contract/diagnostics';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ReportDialogFrame } from '../../../shared/equipment/components/report-dialog-frame';
import { NO_REPORT, StatusLines, VoltageTables } from '../../../shared/equipment/components/voltage-tables';

/** The record's fields as the equipment detail labels them (part 1 §2). */
const LABELS: Record<string, string> = {
  version: 'Software Version',
  systemClass: 'System Class',
  boardClass: 'Board Class',
  specs: 'Specs Version',
  specsExpiration: 'Specs Expiration',
  pendingSoftwareDownload: 'Software Ready to Download',
  state: 'Update State',
};

/** A value of the record: specs as "name (expires month/year)", a month/year as such; a missing one "unknown". */
const text = (value: unknown): string => {
  if (value === null || value === undefined) return 'unknown';
  if (typeof value === 'object') {
    const v = value as { name?: unknown; month?: unknown; year?: unknown };
    const monthYear = typeof v.month === 'number' && typeof v.year === 'number' ? `${v.month}/${v.year}` : null;
    if (typeof v.name === 'string') return monthYear ? `${v.name} (${monthYear})` : v.name;
    return monthYear ?? JSON.stringify(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
};

function Payload({ item }: { item: DiagnosticItem }) {
  const payload = item.payload;
  if (item.state !== 'done' || !payload) return <Typography>{NO_REPORT}</Typography>;
  if ('voltages' in payload) return <VoltageTables voltages={payload.voltages} />;
  if ('status' in payload) return <StatusLines status={payload.status} />;
  const rows = Object.entries(payload).filter(([key]) => key !== 'label');
  return (
    <Table size="small" aria-label={item.label}>
      <TableBody>
        {rows.map(([key, value]) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row">
              {LABELS[key] ?? key}
            </TableCell>
            <TableCell>
              {key === 'state' && 'label' in payload
                ? `${payload.label} (${text(value)})`
                : key === 'pendingSoftwareDownload' && value === null
                  ? 'NONE'
                  : text(value)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One item of a snapshot in the dialog of its kind: voltages green and red, status line by line, NO REPORT when none came. */
export function DiagnosticItemDialog({
  item,
  serialNumber,
  onClose,
}: {
  item: DiagnosticItem;
  serialNumber: string;
  onClose: () => void;
}) {
  return (
    <ReportDialogFrame title={`${item.label} of ${serialNumber}`} loading={false} error={null} onClose={onClose}>
      {item.collectedAt && item.state === 'done' && (
        <Typography variant="body2" color="text.secondary">
          Reported {formatDateTime(item.collectedAt)}
        </Typography>
      )}
      <Payload item={item} />
    </ReportDialogFrame>
  );
}
