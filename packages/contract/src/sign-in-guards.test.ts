import { describe, expect, it } from 'vitest';
import { tokenResponseSchema } from './auth.js';
import { errorResponseSchema, messageResponseSchema } from './errors.js';
import { isErrorSentence, isMessageResponse, isSsoConfig, isSsoStart, isTokenResponse } from './sign-in-guards.js';
import { ssoConfigSchema, ssoStartSchema } from './sso.js';

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

  const ssoConfigs: unknown[] = [
    { enabled: false },
    { enabled: true, label: 'Contoso' },
    { enabled: 'yes' },
    { enabled: true, label: 3 },
    null,
  ];
  it.each(ssoConfigs.map((c) => [JSON.stringify(c), c]))('SSO config %s', (_, value) => {
    expect(isSsoConfig(value)).toBe(ssoConfigSchema.safeParse(value).success);
  });

  const ssoStarts: unknown[] = [
    { authorizationUrl: 'https://login.example.com/auth?client_id=x' },
    { authorizationUrl: 'http://127.0.0.1:4000/auth' },
    { authorizationUrl: 'javascript:alert(1)' },
    { authorizationUrl: 7 },
    {},
  ];
  it.each(ssoStarts.map((s) => [JSON.stringify(s), s]))('SSO start %s', (_, value) => {
    expect(isSsoStart(value)).toBe(ssoStartSchema.safeParse(value).success);
  });
});
