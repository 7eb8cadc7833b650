import { ADMIN_PASSWORD } from './instance.js';

/** How long a call is tried again while the deployment answers 502/503 or not at all. */
const RETRY_FOR_MS = 30_000;
const RETRY_EVERY_MS = 500;
const TRANSIENT = new Set([502, 503]);

/** The console's HTTP API as an admin reaches it through the load balancer. */
export class ConsoleClient {
  private constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async signIn(baseUrl: string): Promise<ConsoleClient> {
    const res = await retried(() =>
      fetch(`${baseUrl}/auth/token/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'admin',
          password: ADMIN_PASSWORD,
          client_id: 'chaos',
        }).toString(),
      }),
    );
    if (!res.ok) throw new Error(`sign-in on ${baseUrl} answered ${res.status}: ${await res.text()}`);
    return new ConsoleClient(baseUrl, ((await res.json()) as { access_token: string }).access_token);
  }

  async json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await retried(() =>
      fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
}

/** A call tried again while the deployment is between instances or its database is back on its way. */
async function retried(call: () => Promise<Response>): Promise<Response> {
  const until = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const res = await call().catch((err: unknown) => err as Error);
    const transient = res instanceof Error || TRANSIENT.has(res.status);
    if (!transient || Date.now() > until) {
      if (res instanceof Error) throw res;
      return res;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
}
