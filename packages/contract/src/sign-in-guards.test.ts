import { describe, expect, it } from 'vitest';
import { tokenResponseSchema } from './auth.js';
import { errorResponseSchema, messageResponseSchema } from './errors.js';
import { isErrorSentence, isMessageResponse, isTokenResponse } from './sign-in-guards.js';

const token = {
  access_token: 'abc',
  token_type: 'Bearer',
  expires_in: 3600,
  user: { username: 'admin', email: 'a@example.com', role: 'admin' },
};

describe('sign-in guards agree with their schemas', () => {
  const tokens: unknown[] = [
    token,
    { ...token, token_type: 'bearer' },
    { ...token, expires_in: 1.5 },
    { ...token, access_token: 7 },
    { ...token, user: { ...token.user, role: 'root' } },
    { ...token, user: { username: 'admin', role: 'admin' } },
    { ...token, user: null },
    null,
    'token',
    [],
  ];
  it.each(tokens.map((t) => [JSON.stringify(t), t]))('token %s', (_, value) => {
    expect(isTokenResponse(value)).toBe(tokenResponseSchema.safeParse(value).success);
  });

  const messages: unknown[] = [{ message: 'Sent.' }, { message: 1 }, {}, null, 'x'];
  it.each(messages.map((m) => [JSON.stringify(m), m]))('message %s', (_, value) => {
    expect(isMessageResponse(value)).toBe(messageResponseSchema.safeParse(value).success);
  });

  const errors: unknown[] = [
    { statusCode: 400, error: 'Bad Request', message: 'username is required', field: 'username' },
    { message: 'No.' },
    { message: 'No.', field: 3 },
    { field: 'x' },
  ];
  it.each(errors.map((e) => [JSON.stringify(e), e]))('error %s', (_, value) => {
    const schema = errorResponseSchema.partial({ statusCode: true, error: true });
    expect(isErrorSentence(value)).toBe(schema.safeParse(value).success);
  });
});
