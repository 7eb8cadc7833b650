import MenuItem from '@mui/material/MenuItem';
import { countOf } from '@ed/contract/count-text';
import { FormTextField } from '../../components/form-fields';
import { useFamilyViews } from './use-family-views';
import { ClearedViewHint } from './cleared-view-hint';

/** A view's id as the form keeps it: '' for none, else the id as a number (as the schemas take it). */
const choiceOf = (value: unknown): '' | number => (value === '' || value == null ? '' : Number(value));

/**
 * The "Saved view" select of a form: none, or one of the caller's and the shared saved views, each
 * with its units matching now. A message, a notification or a schedule may target one in place of
 * its serial numbers or place.
 */
export function SavedViewField({
  name,
  helperText = ' ',
  onChange,
  known,
  family,
}: {
  /** The field's path in the form ('target.viewId'). */
  name: string;
  helperText?: string;
  /** Told the view chosen, or null for none, once the form holds it. */
  onChange?: (viewId: number | null) => void;
  /**
   * The view the record being edited already targets: kept as an option when the caller's list
   * lacks it (another user's private view), so that the select does not show it as blank.
   */
  known?: { id: number; name: string } | null;
  /** The target's family, when it has one: only views of that family (or of any) are offered. */
  family?: string;
}) {
  const { views, offered, hint } = useFamilyViews(name, family);
  const listed = views.data ?? [];
  return (
    <>
      <FormTextField
        select
        name={name}
        label="Saved view"
        parse={choiceOf}
        onChange={(event) => {
          const chosen = choiceOf(event.target.value);
          onChange?.(chosen === '' ? null : chosen);
        }}
        helperText={
          views.isError
            ? 'The saved views could not be loaded.'
            : views.isFetching && !views.data
              ? 'Loading the saved views…'
              : listed.length === 0 && !known
                ? 'No saved view yet: save one on the equipment list.'
                : offered.length === 0 && !known
                  ? 'No saved view of this family: save one on the equipment list.'
                  : helperText
        }
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {known && !listed.some((v) => v.id === known.id) && <MenuItem value={known.id}>{known.name}</MenuItem>}
        {offered.map((view) => (
          <MenuItem key={view.id} value={view.id}>
            {`${view.name} (${countOf(view.members, 'unit')})`}
          </MenuItem>
        ))}
      </FormTextField>
      <ClearedViewHint hint={hint} />
    </>
  );
}
