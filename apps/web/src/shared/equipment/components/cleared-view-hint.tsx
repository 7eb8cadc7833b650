import Alert from '@mui/material/Alert';

/** Says a picked saved view was cleared because the family changed (useFamilyViews' hint); nothing otherwise. */
export function ClearedViewHint({ hint }: { hint: string | null }) {
  if (!hint) return null;
  return (
    <Alert severity="info" role="status">
      {hint}
    </Alert>
  );
}
