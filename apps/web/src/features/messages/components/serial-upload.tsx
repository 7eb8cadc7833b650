import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { serialUploadNotice, type SerialUploadReport } from '@ed/contract/messages';
import { errorMessage } from '../../../shared/api/http';
import { FileChoice } from '../../../shared/components/file-choice';
import { uploadSerialNumbers } from '../api/messages';

/**
 * The serial-number CSV upload of step 3: .csv only, Upload disabled until a file is chosen. What
 * the server read from the file becomes the form's `name` field.
 */
export function SerialUpload({ name }: { name: string }) {
  const { field } = useController({ name });
  const serialNumbers = (field.value ?? []) as string[];
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<SerialUploadReport | null>(null);
  const upload = useMutation({
    mutationFn: uploadSerialNumbers,
    onSuccess: (answer) => {
      setReport(answer);
      field.onChange(answer.serialNumbers);
    },
  });
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FileChoice
          accept=".csv,text/csv"
          label="Serial numbers CSV file"
          fileName={file?.name ?? null}
          onChoose={(chosen) => {
            setFile(chosen ?? null);
            upload.reset();
          }}
        />
        <Button
          variant="contained"
          disabled={!file}
          loading={upload.isPending}
          onClick={() => file && upload.mutate(file)}
        >
          Upload
        </Button>
      </Stack>
      <Typography role="status">{`${serialNumbers.length} serial numbers`}</Typography>
      {report && (report.invalid.length > 0 || report.duplicates > 0) && (
        <Alert severity="warning">{serialUploadNotice(report)}</Alert>
      )}
      {upload.isError && <Alert severity="error">{errorMessage(upload.error)}</Alert>}
    </Stack>
  );
}
