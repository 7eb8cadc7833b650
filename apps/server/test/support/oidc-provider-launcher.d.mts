export interface TestClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
}

export interface ProviderOptions {
  clients: TestClient[];
  /** A fixed port (the end-to-end run's); a free one otherwise. */
  port?: number;
  /** The provider's clock is off by this much (negative: behind), through clock-offset.mjs. */
  clockOffsetMs?: number;
  /** Misbehave: mint ID tokens for this other registered client. */
  idTokenAudience?: string;
  /** Misbehave: sign ID tokens with a key the provider does not publish (a forged token). */
  forgedIdTokens?: boolean;
}

export interface TestProvider {
  issuer: string;
  /** Changes an account's `groups` claim, as the directory's administrator would. */
  setGroups(login: string, groups: string[]): Promise<void>;
  stop(): Promise<void>;
}

export function startOidcProvider(options: ProviderOptions): Promise<TestProvider>;
