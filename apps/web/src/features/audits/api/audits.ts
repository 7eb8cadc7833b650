import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { callApi } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/http';
import { readToken } from '../../../shared/auth/token-storage';

export interface AuditFilters {
  filterUsername: string;
  filterAction: string;
  filterTarget: string;
  /** datetime-local values, read as UTC. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  filterUsername: '',
  filterAction: '',
  filterTarget: '',
  from: '',
  to: '',
};

const utc = (local: string) => (local ? new Date(`${local}Z`).toISOString() : undefined);

export function auditQuery(filters: AuditFilters) {
  return {
    filterUsername: filters.filterUsername.trim() || undefined,
    filterAction: filters.filterAction.trim() || undefined,
    filterTarget: filters.filterTarget.trim() || undefined,
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

/** Downloads the filtered log as CSV; the bearer goes in a header, so it is fetched, not linked. */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(auditQuery(filters))) if (value) params.set(key, value);
  const token = readToken();
  const response = await fetch(`${auditsRoutes.exportCsv.path}?${params.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token.access_token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, `The export failed (HTTP ${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  link.click();
  URL.revokeObjectURL(url);
}
