import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { specVersionsSchema } from '@ed/contract/dashboard';
import {
  specUpdateSchema,
  specUpdatesResponseSchema,
  validatedSpecManifestSchema,
  type CreateSpecUpdateRequest,
  type UpdateSpecUpdateRequest,
} from '@ed/contract/specs';
import { http } from '../../../shared/api/http';

const keys = { list: (page: number) => ['specs', 'list', page] as const, all: ['specs'] as const };

export function useSpecUpdates(page: number) {
  return useQuery({
    queryKey: keys.list(page),
    queryFn: ({ signal }) =>
      http('/read/spec_updates/v1/', { query: { page }, schema: specUpdatesResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSpecVersions() {
  return useQuery({
    queryKey: ['specs', 'versions'],
    queryFn: ({ signal }) => http('/read/spec_versions/v1', { schema: specVersionsSchema, signal }),
  });
}

export const validateSpec = (updatePath: string) =>
  http('/validate_spec_update_at_path/v1', {
    method: 'POST',
    json: { updatePath },
    schema: validatedSpecManifestSchema,
  });

export function useSaveSpec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ create, body }: { create: boolean; body: CreateSpecUpdateRequest | UpdateSpecUpdateRequest }) =>
      http(create ? '/create/spec_update/v1' : '/update/spec_update/v1', {
        method: 'POST',
        json: body,
        schema: specUpdateSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
