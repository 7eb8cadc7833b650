import type { ResetPasswordRequest } from '@ed/contract/auth';
import { isMessageResponse } from '@ed/contract/sign-in-guards';
import { http } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';

/** POST /reset/user_password/v1 with the token from the e-mailed link. */
export function resetPassword(body: ResetPasswordRequest) {
  return http('/reset/user_password/v1', {
    method: 'POST',
    auth: false,
    json: body,
    check: isMessageResponse,
  });
}

export function useResetPassword() {
  return useSubmit(resetPassword);
}
