import type { RequestResetRequest } from '@ed/contract/auth';
import { isMessageResponse } from '@ed/contract/sign-in-guards';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';
import { callEndpoint } from '../../../shared/api/http';
import { useSubmit } from '../../../shared/api/use-submit';

/** Asks for a reset link: the same answer whether or not the user exists. */
function requestReset(body: RequestResetRequest) {
  return callEndpoint(SIGN_IN_ENDPOINTS.requestReset, {
    auth: false,
    json: body,
    check: isMessageResponse,
  });
}

export function useRequestReset() {
  return useSubmit(requestReset);
}
