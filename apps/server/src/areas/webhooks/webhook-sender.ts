import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  AddressRefused,
  publicAddress,
  systemResolver,
  type ResolvedAddress,
  type Resolver,
} from './webhook-address.js';

/** What one attempt came to: delivered on a 2xx; otherwise the status (if any) and why, for the log. */
export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface Attempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: plain http and the console's own network are allowed. */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** The server stopping: the attempt ends at once rather than hold the stop for its timeout. */
  signal?: AbortSignal;
}

/** Characters of a refusing answer's body kept in the log: enough for the receiver's reason. */
const ERROR_TEXT = 200;
const USER_AGENT = 'Equipment-Dashboard-Webhooks/2';

/** A lookup that answers the address checked before the attempt, so the connection cannot go elsewhere. */
function pinned(to: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: to.address, family: to.family }]);
    else callback(null, to.address, to.family);
  };
}

/** The error in the log's words: a network error by its code, never a stack. */
function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof AddressRefused) return err.message;
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'WEBHOOK_TIMEOUT') return `No answer within ${timeoutMs / 1000} s.`;
  if (code === 'WEBHOOK_STOPPED') return 'The server stopped before an answer came.';
  if (code === 'ECONNREFUSED') return 'The connection was refused.';
  if (code === 'ECONNRESET') return 'The connection was reset before an answer.';
  if (code === 'ENOTFOUND') return 'The host name does not resolve.';
  return `${code ? `${code}: ` : ''}${message ?? 'The request failed.'}`.slice(0, ERROR_TEXT);
}

/** The start of a refusing answer's body: the receiver often says why. */
async function bodyStart(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length >= ERROR_TEXT) break;
  }
  return text.slice(0, ERROR_TEXT).replace(/\s+/g, ' ').trim();
}

/**
 * One POST of a delivery, within `timeoutMs` from the start to the answer's status (a receiver
 * that accepts the connection and never answers costs that long, no more). Redirects are not
 * followed: a 3xx is a failure, so a public endpoint cannot bounce the request inward.
 */
export async function postWebhook(attempt: Attempt): Promise<AttemptOutcome> {
  const url = new URL(attempt.url);
  try {
    if (url.protocol !== 'https:' && !attempt.allowPrivate) {
      return { delivered: false, statusCode: null, error: 'Plain http:// is refused; the endpoint must be https.' };
    }
    const to = attempt.allowPrivate ? null : await publicAddress(url.hostname, attempt.resolve ?? systemResolver);
    const res = await send(url, attempt, to);
    const statusCode = res.statusCode ?? 0;
    if (statusCode >= 200 && statusCode < 300) {
      res.destroy();
      return { delivered: true, statusCode, error: null };
    }
    const said = await bodyStart(res).catch(() => '');
    res.destroy();
    return { delivered: false, statusCode, error: `HTTP ${statusCode}${said ? `: ${said}` : ''}` };
  } catch (err) {
    return { delivered: false, statusCode: null, error: describe(err, attempt.timeoutMs) };
  }
}

function send(url: URL, attempt: Attempt, to: ResolvedAddress | null): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      // A connection per attempt: a kept-alive one would skip the next attempt's address check.
      agent: false,
      ...(to ? { lookup: pinned(to) } : {}),
      headers: {
        ...attempt.headers,
        'user-agent': USER_AGENT,
        'content-length': String(Buffer.byteLength(attempt.body)),
      },
    });
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error('timeout'), { code: 'WEBHOOK_TIMEOUT' }));
    }, attempt.timeoutMs);
    const stop = () => req.destroy(Object.assign(new Error('stopped'), { code: 'WEBHOOK_STOPPED' }));
    attempt.signal?.addEventListener('abort', stop, { once: true });
    const done = () => {
      clearTimeout(timer);
      attempt.signal?.removeEventListener('abort', stop);
    };
    req.once('response', (res) => {
      done();
      resolve(res);
    });
    req.once('error', (err) => {
      done();
      reject(err);
    });
    if (attempt.signal?.aborted) stop();
    req.end(attempt.body);
  });
}
