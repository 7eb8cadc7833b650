import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import { usersRoutes } from '@ed/contract/routes/users';
import type { CreateUserRequest, UpdateUserRequest } from '@ed/contract/users';
import { callApi } from '../../../shared/api/client';

const userKeys = {
  lists: () => ['users', 'list'] as const,
  list: (page: number, filterUsername: string) => ['users', 'list', page, filterUsername] as const,
};

export function useUsers(page: number, filterUsername: string) {
  return useQuery({
    queryKey: userKeys.list(page, filterUsername),
    queryFn: ({ signal }) =>
      callApi(usersRoutes.getUsers, {
        query: { page: page + 1, filterUsername: filterUsername || undefined },
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

export const createUser = (body: CreateUserRequest) => callApi(usersRoutes.createUser, { body });
export const updateUser = (body: UpdateUserRequest) => callApi(usersRoutes.updateUser, { body });
export const deleteUser = (username: string) => callApi(usersRoutes.deleteUser, { body: { username } });
/** Removes every second factor of a user and ends their sessions (they enrol again at their next sign-in). */
export const resetSecondFactors = (username: string) =>
  callApi(secondFactorRoutes.resetUserFactors, { body: { username } });
