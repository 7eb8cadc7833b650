import { useId } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** "Choose CSV File" with the chosen file's name beside it (a hidden file input inside a labelled button). */
export function FileChoice(props: {
  accept: string;
  /** The button's text; default "Choose CSV File". */
  buttonText?: string;
  /** The input's accessible name. */
  label: string;
  fileName: string | null;
  onChoose: (file: File | undefined) => void;
}) {
  const inputId = useId();
  return (
    <>
      <Button component="label" htmlFor={inputId} variant="outlined">
        {props.buttonText ?? 'Choose CSV File'}
        <input
          id={inputId}
          type="file"
          accept={props.accept}
          hidden
          aria-label={props.label}
          onChange={(e) => props.onChoose(e.target.files?.[0])}
        />
      </Button>
      <Typography variant="body2">{props.fileName ?? 'No file chosen'}</Typography>
    </>
  );
}
