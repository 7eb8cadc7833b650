import { useQuery } from '@tanstack/react-query';
import { trupointRoutes } from '@ed/contract/routes/trupoint';
import { callApi } from '../../../shared/api/client';

export const vendorKeys = ['trupoint', 'vendors'] as const;

/** Vendors with their keys' prefixes (admin). */
export function useVendors() {
  return useQuery({
    queryKey: vendorKeys,
    queryFn: ({ signal }) => callApi(trupointRoutes.getVendors, { signal }),
  });
}

export const createVendor = (name: string) => callApi(trupointRoutes.createVendor, { body: { name } });
/** The answer holds the key itself, shown this once. */
export const createVendorKey = (vendor: string) => callApi(trupointRoutes.createVendorKey, { body: { vendor } });
export const revokeVendorKey = (id: number) => callApi(trupointRoutes.revokeVendorKey, { body: { id } });
