import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useVoltageReport } from '../../../shared/equipment/api/reports';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ReportDialogFrame } from '../../../shared/equipment/components/report-dialog-frame';

export const NO_REPORT = 'NO REPORT';

export const withinRange = (p: { Actual: number; Min: number; Max: number }): boolean =>
  p.Actual >= p.Min && p.Actual <= p.Max;

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
          {report.data.voltages.map((board) => (
            <Box key={board.BoardName} sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="h3">
                {board.BoardName}
              </Typography>
              <Table size="small" aria-label={`${board.BoardName} voltages`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Parameter</TableCell>
                    <TableCell align="right">Actual</TableCell>
                    <TableCell align="right">Min</TableCell>
                    <TableCell align="right">Max</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {board.Parameters.map((p) => {
                    const ok = withinRange(p);
                    return (
                      <TableRow key={p.Name}>
                        <TableCell>{p.Name}</TableCell>
                        <TableCell
                          align="right"
                          sx={{ color: ok ? 'success.main' : 'error.main', fontWeight: 500 }}
                          data-in-range={ok}
                          aria-description={ok ? 'within range' : 'out of range'}
                        >
                          {p.Actual}
                        </TableCell>
                        <TableCell align="right">{p.Min}</TableCell>
                        <TableCell align="right">{p.Max}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
          ))}
        </>
      )}
    </ReportDialogFrame>
  );
}
