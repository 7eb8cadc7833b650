import type { RequestResetRequest } from '@ed/contract/auth';
import { isMessageResponse } from '@ed/contract/sign-in-guards';
import { http } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';

/** POST /request/reset_user_password/v1: the same answer whether or not the user exists. */
export function requestReset(body: RequestResetRequest) {
  return http('/request/reset_user_password/v1', {
    method: 'POST',
    auth: false,
    json: body,
    check: isMessageResponse,
  });
}

export function useRequestReset() {
  return useSubmit(requestReset);
}
