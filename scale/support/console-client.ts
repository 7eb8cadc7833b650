import { ADMIN_PASSWORD } from './instance.js';

/** The console's HTTP API as a user reaches it through one instance, with a bearer token. */
export class ConsoleClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async signIn(baseUrl: string, username = 'admin', password = ADMIN_PASSWORD): Promise<ConsoleClient> {
    const res = await fetch(`${baseUrl}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password, client_id: 'scale' }).toString(),
    });
    if (!res.ok) throw new Error(`sign-in on ${baseUrl} answered ${res.status}: ${await res.text()}`);
    return new ConsoleClient(baseUrl, ((await res.json()) as { access_token: string }).access_token);
  }

  /** The same session through another instance: sessions are rows, not process state. */
  through(baseUrl: string): ConsoleClient {
    return new ConsoleClient(baseUrl, this.token);
  }

  get bearer(): string {
    return this.token;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const isForm = body instanceof FormData;
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path} on ${this.baseUrl} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  async bytes(path: string): Promise<Buffer> {
    const res = await this.request('GET', path);
    if (!res.ok) throw new Error(`GET ${path} on ${this.baseUrl} answered ${res.status}: ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }
}
