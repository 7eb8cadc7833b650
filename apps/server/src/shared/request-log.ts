/** A query string's names without its values: values may be serial numbers, names or worse. */
export function withoutQueryValues(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

const QUERY_SHOWN = 160;

/**
 * A failed statement's error as logged: the statement's start and its cause, without its
 * parameters. Drizzle puts every parameter in the message, which put hashes and serial numbers in
 * the logs, and a storm of failures on 500-row batches wrote megabytes and held the event loop.
 */
export function withoutQueryParameters(err: unknown): unknown {
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

/** pino's logMethod hook: `{ err }` objects and bare errors go through `withoutQueryParameters`. */
export function logMethodWithoutQueryParameters(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
): void {
  const [first] = args;
  if (first instanceof Error) args[0] = withoutQueryParameters(first);
  else if (first && typeof first === 'object' && 'err' in first) {
    args[0] = { ...first, err: withoutQueryParameters((first as { err: unknown }).err) };
  }
  method.apply(this, args);
}
