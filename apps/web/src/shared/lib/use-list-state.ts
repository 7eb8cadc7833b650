import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { GridSortModel } from '@mui/x-data-grid';

/** A list's filters: each a text in the address (a switch is '1' or ''). */
export type ListFilters = Record<string, string>;

export interface ListState<F extends ListFilters> {
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

export interface ListStateOptions<F extends ListFilters> {
  /** The address's name of each filter, where it differs from the filter's own (e.g. user for filterUsername). */
  names?: Partial<Record<keyof F, string>>;
  /** Before every name, when a screen shows two lists (e.g. "targets." on the Targets tab). */
  prefix?: string;
}

const sortParam = (model: GridSortModel) => {
  const [order] = model;
  return order?.sort ? `${order.sort === 'desc' ? '-' : ''}${order.field}` : '';
};

const sortModelOf = (value: string | null): GridSortModel => {
  if (!value) return [];
  const desc = value.startsWith('-');
  return [{ field: desc ? value.slice(1) : value, sort: desc ? 'desc' : 'asc' }];
};

/**
 * A list's filters, page and sort, kept in the address, so that a view can be linked to, reloaded,
 * and come back to with the browser's Back. Values equal to their default are left out of the
 * address; parameters of others (?serial= of the equipment detail) are kept. Each change replaces
 * the history entry rather than adding one per keystroke.
 */
/** `defaults` and `options.names` should be constants (module level): they key the memoised values. */
export function useListState<F extends ListFilters>(defaults: F, options: ListStateOptions<F> = {}): ListState<F> {
  const [params, setParams] = useSearchParams();
  const { names, prefix = '' } = options;
  const keys = useMemo(
    () => Object.keys(defaults).map((key) => [key, `${prefix}${names?.[key as keyof F] ?? key}`] as const),
    [defaults, names, prefix],
  );
  const pageName = `${prefix}page`;
  const sortName = `${prefix}sort`;

  const filters = useMemo(
    () => Object.fromEntries(keys.map(([key, name]) => [key, params.get(name) ?? defaults[key]])) as F,
    [keys, params, defaults],
  );
  const pageNumber = Number(params.get(pageName));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0;
  const sortValue = params.get(sortName);
  const sortModel = useMemo(() => sortModelOf(sortValue), [sortValue]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const put = (next: URLSearchParams, name: string, value: string, fallback = '') => {
    if (value === fallback) next.delete(name);
    else next.set(name, value);
  };

  const setFilters = useCallback(
    (patch: Partial<F>) =>
      update((next) => {
        for (const [key, name] of keys) {
          const value = patch[key];
          if (value !== undefined) put(next, name, value, defaults[key]);
        }
        next.delete(pageName);
      }),
    [update, keys, defaults, pageName],
  );
  const setPage = useCallback(
    (to: number) => update((next) => put(next, pageName, to > 0 ? String(to + 1) : '')),
    [update, pageName],
  );
  const setSortModel = useCallback(
    (model: GridSortModel) =>
      update((next) => {
        put(next, sortName, sortParam(model));
        next.delete(pageName);
      }),
    [update, sortName, pageName],
  );
  return { filters, page, sortModel, setFilters, setPage, setSortModel };
}
