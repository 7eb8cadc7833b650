import { useMutation } from '@tanstack/react-query';
import type { RequestResetRequest } from '@ed/contract/auth';
import { messageResponseSchema } from '@ed/contract/errors';
import { http } from '../../../shared/api/http';

/** POST /request/reset_user_password/v1: the same answer whether or not the user exists. */
export function requestReset(body: RequestResetRequest) {
  return http('/request/reset_user_password/v1', {
    method: 'POST',
    auth: false,
    json: body,
    schema: messageResponseSchema,
  });
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
