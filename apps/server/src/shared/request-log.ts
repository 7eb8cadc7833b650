/** A query string's names without its values: values may be serial numbers, names or worse. */
export function withoutQueryValues(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=…`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/** URLs inside a message ("… in the "/x?serialNumber=…" route"): a path, then a query up to a space or quote. */
const URL_IN_TEXT = /(\/[^\s?"'`]*)\?([^\s"'`)]*)/g;
const HAS_URL_IN_TEXT = new RegExp(URL_IN_TEXT.source);

/** A message with the values of every query string in it left out, as `withoutQueryValues` does. */
export function withoutQueryValuesInText(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => withoutQueryValues(url));
}

/**
 * pino's `req` serializer, Fastify's own but for the URL, whose query values are left out: Fastify
 * logs `req` with the errors it handles itself (a failing error handler, a failed write of the
 * head), and a filter's value may be a serial number, a name or an attacker's payload.
 */
export function reqWithoutQueryValues(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: req.method,
    url: withoutQueryValues(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const QUERY_SHOWN = 160;

/**
 * A failed statement's error as logged: the statement's start and its cause, without its
 * parameters. Drizzle puts every parameter in the message, which put hashes and serial numbers in
 * the logs, and a storm of failures on 500-row batches wrote megabytes and held the event loop.
 */
function withoutQueryParameters(err: unknown): unknown {
  const failed = err as Error & { query?: unknown; params?: unknown };
  if (!(err instanceof Error) || typeof failed.query !== 'string' || !('params' in failed)) return err;
  const query = failed.query.replace(/\s+/g, ' ');
  const trimmed = new Error(`Failed query: ${query.slice(0, QUERY_SHOWN)}${query.length > QUERY_SHOWN ? '…' : ''}`, {
    cause: err.cause,
  });
  trimmed.name = err.name;
  trimmed.stack = `${trimmed.name}: ${trimmed.message}\n${err.stack?.split('\n').slice(1).join('\n') ?? ''}`.replace(
    /^params: .*$/m,
    '',
  );
  return trimmed;
}

/** Fastify's "reply already sent" error names the raw URL: its message loses the query values. */
function errorAsLogged(err: unknown): unknown {
  const trimmed = withoutQueryParameters(err);
  if (!(trimmed instanceof Error) || !HAS_URL_IN_TEXT.test(trimmed.message)) return trimmed;
  const message = withoutQueryValuesInText(trimmed.message);
  const copy = new Error(message, { cause: trimmed.cause });
  copy.name = trimmed.name;
  copy.stack = withoutQueryValuesInText(trimmed.stack ?? `${trimmed.name}: ${message}`);
  return Object.assign(copy, 'code' in trimmed ? { code: trimmed.code } : {});
}

/**
 * pino's logMethod hook: `{ err }` objects and bare errors go through `withoutQueryParameters`, and
 * a message's URLs lose their query values (Fastify names the raw URL in some of its warnings).
 */
export function logMethodWithoutQueryParameters(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
): void {
  const [first] = args;
  if (first instanceof Error) args[0] = errorAsLogged(first);
  else if (first && typeof first === 'object' && 'err' in first) {
    args[0] = { ...first, err: errorAsLogged(first.err) };
  }
  const last = args.length - 1;
  if (typeof args[last] === 'string' && args[last].includes('?')) args[last] = withoutQueryValuesInText(args[last]);
  method.apply(this, args);
}
