import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { ApiRoute } from '@ed/contract/http-api';
import { downloadCsv, saveFile, type CsvProgress } from '../api/csv-download';
import { errorMessage } from '../api/http';
import { useNotice } from './notice-context';

const count = (n: number) => n.toLocaleString('en');

export interface ExportCsvButtonProps {
  /** The list's export call. */
  route: ApiRoute;
  /** The list's current filter and sort, without its page. */
  query: Record<string, string | number | boolean | undefined>;
  fileName: string;
}

/**
 * Export CSV: the list as filtered and sorted now. A large export shows its rows coming in and
 * can be cancelled; a capped one says so.
 */
export function ExportCsvButton({ route, query, fileName }: ExportCsvButtonProps) {
  const { notify } = useNotice();
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ rows: 0, total: 0, matched: 0 });
    try {
      const { blob, progress: done } = await downloadCsv(route, query, setProgress, controller.signal);
      saveFile(blob, fileName);
      notify(
        done.matched > done.total
          ? `Exported the first ${count(done.total)} of ${count(done.matched)} rows (the export's limit) to ${fileName}.`
          : `Exported ${count(done.total)} ${done.total === 1 ? 'row' : 'rows'} to ${fileName}.`,
      );
    } catch (err) {
      if (!controller.signal.aborted) notify(errorMessage(err), 'error');
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button variant="outlined" size="small" disabled={progress !== null} onClick={() => void run()}>
        Export CSV
      </Button>
      {progress && (
        <>
          <Box sx={{ width: 140 }}>
            <LinearProgress
              variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
              value={progress.total > 0 ? (progress.rows / progress.total) * 100 : undefined}
              aria-label={`Exporting ${fileName}`}
              aria-valuetext={`${count(progress.rows)} of ${count(progress.total)} rows`}
            />
          </Box>
          <Button size="small" onClick={() => running.current?.abort()}>
            Cancel
          </Button>
        </>
      )}
    </Stack>
  );
}
