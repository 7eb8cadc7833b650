import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@ed/contract/errors';
import { userSchema, usersResponseSchema, type CreateUserRequest, type UpdateUserRequest } from '@ed/contract/users';
import { http } from '../../../shared/api/http';

export const userKeys = {
  lists: () => ['users', 'list'] as const,
  list: (page: number, filterUsername: string) => ['users', 'list', page, filterUsername] as const,
};

export function useUsers(page: number, filterUsername: string) {
  return useQuery({
    queryKey: userKeys.list(page, filterUsername),
    queryFn: ({ signal }) =>
      http('/read/users/v1', {
        query: { page: page + 1, filterUsername: filterUsername || undefined },
        schema: usersResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Create, update or delete; the list reloads after any of them. */
export function useUserMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export const createUser = (input: CreateUserRequest) => http('/create/user/v1', { json: input, schema: userSchema });
export const updateUser = (input: UpdateUserRequest) =>
  http('/update/user/v1', { json: input, schema: messageResponseSchema });
export const deleteUser = (username: string) =>
  http('/delete/user/v1', { json: { username }, schema: messageResponseSchema });
