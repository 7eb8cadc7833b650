import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { countOf } from '@ed/contract/count-text';
import { FileChoice } from '../../../shared/components/file-choice';
import { useFieldProblem } from '../../../shared/components/form-context';
import { parseSerials, readText, type ReadSerials } from '../utils/parse-serials';

const SHOWN = 5;

/** A CSV file of serial numbers, read here in the browser: the form's `name` field gets what it holds. */
export function SerialsFileField({ name }: { name: string }) {
  const { field } = useController({ name });
  const problem = useFieldProblem(name);
  const [file, setFile] = useState<string | null>(null);
  const [read, setRead] = useState<ReadSerials | null>(null);
  const serialNumbers = (field.value ?? []) as string[];
  const [failure, setFailure] = useState<string | null>(null);
  const choose = async (chosen: File | undefined) => {
    setFile(chosen?.name ?? null);
    setFailure(null);
    try {
      const result = chosen ? parseSerials(await readText(chosen)) : null;
      setRead(result);
      field.onChange(result?.serialNumbers ?? []);
    } catch {
      setRead(null);
      setFailure('The file could not be read.');
      field.onChange([]);
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FileChoice
          accept=".csv,.txt,text/csv,text/plain"
          label="Serial numbers CSV file"
          fileName={file}
          onChoose={(chosen) => void choose(chosen)}
        />
      </Stack>
      <Typography role="status">{`${countOf(serialNumbers.length, 'serial number')} read`}</Typography>
      {read && (read.skipped.length > 0 || read.duplicates > 0) && (
        <Alert severity="warning">
          {[
            read.skipped.length > 0 &&
              `Left out, not serial numbers: ${read.skipped.slice(0, SHOWN).join(', ')}${read.skipped.length > SHOWN ? ', …' : ''}.`,
            read.duplicates > 0 && `${countOf(read.duplicates, 'duplicate')} left out.`,
          ]
            .filter(Boolean)
            .join(' ')}
        </Alert>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      {problem && file && (
        <Typography variant="body2" color="error">
          {problem}
        </Typography>
      )}
    </Stack>
  );
}
