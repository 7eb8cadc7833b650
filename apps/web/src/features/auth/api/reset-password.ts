import type { ResetPasswordRequest } from '@ed/contract/auth';
import { isMessageResponse } from '@ed/contract/sign-in-guards';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';
import { callEndpoint } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';

/** Sets the new password with the token from the e-mailed link. */
function resetPassword(body: ResetPasswordRequest) {
  return callEndpoint(SIGN_IN_ENDPOINTS.resetPassword, {
    auth: false,
    json: body,
    check: isMessageResponse,
  });
}

export function useResetPassword() {
  return useSubmit(resetPassword);
}
