import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { callApi } from '../../../shared/api/client';

export interface AuditFilters {
  filterUsername: string;
  filterAction: string;
  filterTarget: string;
  filterAddress: string;
  /** '' (any), succeeded, refused, or one HTTP status. */
  filterOutcome: string;
  /** datetime-local values, read as UTC. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  filterUsername: '',
  filterAction: '',
  filterTarget: '',
  filterAddress: '',
  filterOutcome: '',
  from: '',
  to: '',
};

const utc = (local: string) => (local ? new Date(`${local}Z`).toISOString() : undefined);

export function auditQuery(filters: AuditFilters) {
  return {
    filterUsername: filters.filterUsername.trim() || undefined,
    filterAction: filters.filterAction.trim() || undefined,
    filterTarget: filters.filterTarget.trim() || undefined,
    filterAddress: filters.filterAddress.trim() || undefined,
    filterOutcome: filters.filterOutcome || undefined,
    from: utc(filters.from),
    to: utc(filters.to),
  };
}

export function useAudits(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['audits', 'list', filters, page],
    queryFn: ({ signal }) =>
      callApi(auditsRoutes.getAudits, { query: { ...auditQuery(filters), page: page + 1 }, signal }),
    placeholderData: keepPreviousData,
  });
}
