import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { VoltageBoard } from '@ed/contract/device-protocol';

/** What a report dialog says when the unit sent none (part 1 §2). */
export const NO_REPORT = 'NO REPORT';

const withinRange = (p: { Actual: number; Min: number; Max: number }): boolean =>
  p.Actual >= p.Min && p.Actual <= p.Max;

/** A voltage report (part 1 §2): per board, each actual value green within Min..Max, else red. */
export function VoltageTables({ voltages }: { voltages: readonly VoltageBoard[] }) {
  return voltages.map((board) => (
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
  ));
}

/** A USB or printer status report: its text line by line. */
export function StatusLines({ status }: { status: string }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, fontFamily: 'monospace' }}>
      {status.split(/\r?\n/).map((line, i) => (
        <li key={i}>{line || '\u00a0'}</li>
      ))}
    </Box>
  );
}
