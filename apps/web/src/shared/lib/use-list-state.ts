import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { GridSortModel } from '@mui/x-data-grid';

/** Filters as a screen types them: an interface or a type whose every field is a text. */
type FilterShape<F> = { [K in keyof F]: string };

export interface ListState<F extends FilterShape<F>> {
  /** The filters as the user typed them (debounce them before asking the server). */
  filters: F;
  /** The page shown, from 0 (the address says ?page=2 for the second). */
  page: number;
  /** The sort, one column at most (?sort=field, or ?sort=-field descending). */
  sortModel: GridSortModel;
  /** Changes some filters and goes back to the first page. */
  setFilters: (patch: Partial<F>) => void;
  setPage: (page: number) => void;
  /** Changes the sort and goes back to the first page. */
  setSortModel: (model: GridSortModel) => void;
}

export interface ListStateOptions<F extends FilterShape<F>> {
  /** The address's name of each filter, where it differs from the filter's own (e.g. user for filterUsername). */
  names?: Partial<Record<keyof F, string>>;
  /** Before every name, when a screen shows two lists (e.g. "targets." on the Targets tab). */
  prefix?: string;
  /** The columns that sort; a sort the address names on another is ignored (a link cannot ask what the server refuses). */
  sortFields?: readonly string[];
  /**
   * The sort when the address names none, as the address writes it ('serialNumber', '-createdAt').
   * It is left out of the address; a sort the user clears is then written as an empty ?sort=.
   */
  defaultSort?: string;
}

const sortParam = (model: GridSortModel) => {
  const [order] = model;
  return order?.sort ? `${order.sort === 'desc' ? '-' : ''}${order.field}` : '';
};

const sortModelOf = (value: string, fields: readonly string[] | undefined): GridSortModel => {
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  if (!field || (fields && !fields.includes(field))) return [];
  return [{ field, sort: desc ? 'desc' : 'asc' }];
};

/** Sets a parameter, or leaves it out when it says the default. */
const put = (next: URLSearchParams, name: string, value: string, fallback = '') => {
  if (value === fallback) next.delete(name);
  else next.set(name, value);
};

/**
 * A list's filters, page and sort, kept in the address, so that a view can be linked to, reloaded,
 * and come back to with the browser's Back. Values equal to their default are left out of the
 * address; parameters of others (?serial= of the equipment detail) are kept. Each change replaces
 * the history entry rather than adding one per keystroke. Changes made in one event (a new sort
 * and the grid's return to page 1) build on each other rather than the last one winning.
 * `defaults`, `options.names` and `options.sortFields` should be constants (module level): they
 * key the memoised values.
 */
export function useListState<F extends FilterShape<F>>(defaults: F, options: ListStateOptions<F> = {}): ListState<F> {
  const [params, setParams] = useSearchParams();
  const { names, prefix = '', sortFields, defaultSort = '' } = options;
  const keys = useMemo(
    () =>
      (Object.keys(defaults) as (keyof F & string)[]).map((key) => [key, `${prefix}${names?.[key] ?? key}`] as const),
    [defaults, names, prefix],
  );
  const pageName = `${prefix}page`;
  const sortName = `${prefix}sort`;

  // The filters keep their identity while their values do (a new page does not restart a debounce).
  const values = JSON.stringify(keys.map(([key, name]) => params.get(name) ?? defaults[key]));
  const filters = useMemo(() => {
    const read = JSON.parse(values) as string[];
    return Object.fromEntries(keys.map(([key], i) => [key, read[i]])) as F;
  }, [keys, values]);
  const pageNumber = Number(params.get(pageName));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0;
  const sortValue = params.get(sortName) ?? defaultSort;
  const sortModel = useMemo(() => sortModelOf(sortValue, sortFields), [sortValue, sortFields]);

  // The address written last, until the router gives the new one: React Router's setter starts
  // from the address of the last render, so a second change in the same event would drop the first.
  const written = useRef<{ from: URLSearchParams; to: URLSearchParams } | null>(null);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const current = written.current?.from === params ? written.current.to : params;
      const next = new URLSearchParams(current);
      change(next);
      if (next.toString() === current.toString()) return;
      written.current = { from: params, to: next };
      setParams(next, { replace: true });
    },
    [params, setParams],
  );
  // The list's filters are written in the order of `defaults`, then its sort, whatever order they were typed in.
  const setFilters = useCallback(
    (patch: Partial<F>) =>
      update((next) => {
        const values = keys.map(([key, name]): [string, string, string] => [
          name,
          patch[key] ?? next.get(name) ?? defaults[key],
          defaults[key],
        ]);
        const sort = next.get(sortName);
        for (const [, name] of keys) next.delete(name);
        next.delete(pageName);
        next.delete(sortName);
        for (const [name, value, fallback] of values) put(next, name, value, fallback);
        if (sort !== null) next.set(sortName, sort);
      }),
    [update, keys, defaults, pageName, sortName],
  );
  const setPage = useCallback(
    (to: number) => update((next) => put(next, pageName, to > 0 ? String(to + 1) : '')),
    [update, pageName],
  );
  const setSortModel = useCallback(
    (model: GridSortModel) =>
      update((next) => {
        put(next, sortName, sortParam(model), defaultSort);
        next.delete(pageName);
      }),
    [update, sortName, pageName, defaultSort],
  );
  return { filters, page, sortModel, setFilters, setPage, setSortModel };
}
