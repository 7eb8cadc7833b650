import Typography from '@mui/material/Typography';
import { useVoltageReport } from '../../../shared/equipment/api/reports';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ReportDialogFrame } from '../../../shared/equipment/components/report-dialog-frame';
import { NO_REPORT, VoltageTables } from '../../../shared/equipment/components/voltage-tables';

/** The latest voltage report (part 1 §2): per board, each actual value green within Min..Max, else red. */
export function VoltagesDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const report = useVoltageReport(serialNumber);
  return (
    <ReportDialogFrame
      title={`Voltages of ${serialNumber}`}
      loading={report.isPending}
      error={report.error}
      onClose={onClose}
    >
      {!report.data ? (
        <Typography>{NO_REPORT}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Reported {formatDateTime(report.data.createdAt)}
          </Typography>
          <VoltageTables voltages={report.data.voltages} />
        </>
      )}
    </ReportDialogFrame>
  );
}
