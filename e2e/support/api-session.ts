import type { APIRequestContext, Page } from '@playwright/test';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';

export type AuthHeaders = { authorization: string };

/** The bearer header of the user signed in on `page` (its stored token), for calls beside the screen. */
export async function headersOfPage(page: Page): Promise<AuthHeaders> {
  const stored = await page.evaluate(() => localStorage.getItem('user-token'));
  const token = stored ? (JSON.parse(stored) as { access_token: string }).access_token : '';
  return { authorization: `Bearer ${token}` };
}

/** Signs another user in outside the browser (the password grant a script uses): their bearer header. */
export async function headersOf(request: APIRequestContext, username: string, password: string): Promise<AuthHeaders> {
  const answer = await request.fetch(SIGN_IN_ENDPOINTS.signIn.path, {
    method: SIGN_IN_ENDPOINTS.signIn.method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  if (!answer.ok()) throw new Error(`${username} could not sign in: ${answer.status()} ${await answer.text()}`);
  return { authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
}
