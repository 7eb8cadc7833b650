import Typography from '@mui/material/Typography';
import { useStatusReport, type StatusReportKind } from '../../../shared/equipment/api/reports';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ReportDialogFrame } from '../../../shared/equipment/components/report-dialog-frame';
import { NO_REPORT, StatusLines } from '../../../shared/equipment/components/voltage-tables';

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
          <StatusLines status={report.data.status} />
        </>
      )}
    </ReportDialogFrame>
  );
}
