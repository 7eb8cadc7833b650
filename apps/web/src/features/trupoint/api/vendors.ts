import { useQuery } from '@tanstack/react-query';
import { messageResponseSchema } from '@ed/contract/errors';
import { createVendorKeyResponseSchema, vendorsResponseSchema } from '@ed/contract/trupoint';
import { http } from '../../../shared/api/http';

export const vendorKeys = ['trupoint', 'vendors'] as const;

/** GET /read/vendors/v1 (admin): vendors with their keys' prefixes. */
export function useVendors() {
  return useQuery({
    queryKey: vendorKeys,
    queryFn: ({ signal }) => http('/read/vendors/v1', { schema: vendorsResponseSchema, signal }),
  });
}

export const createVendor = (name: string) =>
  http('/create/vendor/v1', { method: 'POST', json: { name }, schema: messageResponseSchema });
/** The answer holds the key itself, shown this once. */
export const createVendorKey = (vendor: string) =>
  http('/create/vendor_key/v1', { method: 'POST', json: { vendor }, schema: createVendorKeyResponseSchema });
export const revokeVendorKey = (id: number) =>
  http('/revoke/vendor_key/v1', { method: 'POST', json: { id }, schema: messageResponseSchema });
