import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useStatusReport, type StatusReportKind } from '../../../shared/equipment/api/reports';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ReportDialogFrame } from '../../../shared/equipment/components/report-dialog-frame';
import { NO_REPORT } from './voltages-dialog';

const TITLES: Record<StatusReportKind, string> = { usb: 'USB Status', printer: 'Printer Status' };

interface StatusReportDialogProps {
  kind: StatusReportKind;
  serialNumber: string;
  onClose: () => void;
}

/** The latest USB or printer status (part 1 §2): the report's text line by line; 'NO REPORT' when there is none. */
export function StatusReportDialog({ kind, serialNumber, onClose }: StatusReportDialogProps) {
  const report = useStatusReport(kind, serialNumber);
  return (
    <ReportDialogFrame
      title={`${TITLES[kind]} of ${serialNumber}`}
      loading={report.isPending}
      error={report.error}
      onClose={onClose}
    >
      {!report.data ? (
        <Typography>{NO_REPORT}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Reported {formatDateTime(report.data.createdAt)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, fontFamily: 'monospace' }}>
            {report.data.status.split(/\r?\n/).map((line, i) => (
              <li key={i}>{line || '\u00a0'}</li>
            ))}
          </Box>
        </>
      )}
    </ReportDialogFrame>
  );
}
