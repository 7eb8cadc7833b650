import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@ed/contract/auth';
import { messageResponseSchema } from '@ed/contract/errors';
import { http } from '../../../shared/api/http';

/** POST /reset/user_password/v1 with the token from the e-mailed link. */
export function resetPassword(body: ResetPasswordRequest) {
  return http('/reset/user_password/v1', {
    method: 'POST',
    auth: false,
    json: body,
    schema: messageResponseSchema,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
