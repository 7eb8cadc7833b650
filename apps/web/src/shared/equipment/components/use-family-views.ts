import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FAMILY_LABELS } from '@ed/contract/families';
import type { SavedView, ViewFilter } from '@ed/contract/saved-views';
import { useSavedViews } from '../api/saved-views';

/**
 * A view fits a target of `family` when its filter names that family or none. No family yet ('')
 * or 'all' (a notification to every family) takes any view.
 */
const viewFitsFamily = (filter: ViewFilter, family: string | undefined): boolean =>
  !family || family === 'all' || filter.family === undefined || filter.family === family;

const idOf = (value: unknown): number | null => (value === '' || value == null ? null : Number(value));

/**
 * The saved views a picker offers for the form's field `name` (a view's id, '' for none): those
 * that fit `family`. The server would reach no unit, or others than meant, through a view of
 * another family. A view picked before the family changed to one it does not fit is cleared, and
 * `hint` says so until another view is picked.
 */
export function useFamilyViews(name: string, family: string | undefined) {
  const views = useSavedViews();
  const { setValue } = useFormContext();
  const picked = idOf(useWatch({ name }));
  const [dropped, setDropped] = useState<SavedView | null>(null);
  const stale = views.data?.find((v) => v.id === picked && !viewFitsFamily(v.filter, family));
  // Kept from the render that saw it, since the field holds it no more once cleared.
  if (stale && dropped?.id !== stale.id) setDropped(stale);
  if (!stale && picked !== null && dropped) setDropped(null);
  useEffect(() => {
    if (stale) setValue(name, '', { shouldDirty: true });
  }, [stale, name, setValue]);
  // The stale one too, for the render before it is cleared: a select holds no value it does not offer.
  const offered = (views.data ?? []).filter((v) => v.id === picked || viewFitsFamily(v.filter, family));
  const droppedFamily = dropped?.filter.family;
  const hint =
    dropped && droppedFamily
      ? `The saved view ${dropped.name} was cleared: it is for ${FAMILY_LABELS[droppedFamily]}, not this family.`
      : null;
  return { views, offered, hint };
}
