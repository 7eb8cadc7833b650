import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import type { EnrolledResponse } from '@ed/contract/second-factor';
import { callApi } from '../../../shared/api/client';
import { clearEnrolmentRequired, writeToken } from '../../../shared/auth/token-storage';
import { createPasskey } from './webauthn';

const secondFactorKeys = {
  all: ['auth', 'second-factors'] as const,
  totpStart: ['auth', 'second-factors', 'totp-start'] as const,
};

/** The signed-in user's factors, whether the role needs one, and how this session signed in. */
export function useSecondFactors() {
  return useQuery({
    queryKey: secondFactorKeys.all,
    queryFn: ({ signal }) => callApi(secondFactorRoutes.getSecondFactors, { signal }),
  });
}

/**
 * A new authenticator app's secret and QR address. Asked once per opened dialog: a query, so that
 * React's double mount in development does not start two; a retry or a refetch would only leave
 * unconfirmed secrets behind.
 */
export function useTotpStart() {
  return useQuery({
    queryKey: secondFactorKeys.totpStart,
    queryFn: () => callApi(secondFactorRoutes.startTotp, { body: {} }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export const confirmTotp = (body: { id: number; code: string }) => callApi(secondFactorRoutes.confirmTotp, { body });

/** Creates a passkey in the browser for the server's options, and enrols it under `name`. */
export async function addPasskey(name: string): Promise<EnrolledResponse> {
  const { options } = await callApi(secondFactorRoutes.passkeyEnrolOptions);
  const response = await createPasskey(options);
  return callApi(secondFactorRoutes.addPasskey, { body: { name, response } });
}

export const deleteFactor = (id: number) => callApi(secondFactorRoutes.deleteFactor, { body: { id } });
export const newRecoveryCodes = () => callApi(secondFactorRoutes.newRecoveryCodes);

/** A factor's removal or new recovery codes: the list reloads. */
export function useFactorMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.all, exact: true }),
  });
}

/**
 * An enrolment: a token in the answer replaces the waiting session's (which the server has just
 * revoked) before anything is asked again; no token means the session was not waiting. Then the
 * list reloads.
 */
export function useEnrolment<T>(call: (input: T) => Promise<EnrolledResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ token }) => {
      if (token) writeToken(token);
      else clearEnrolmentRequired();
      return queryClient.invalidateQueries({ queryKey: secondFactorKeys.all, exact: true });
    },
  });
}
