import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { serverLogger } from './server-logger.js';

describe('the server logger', () => {
  afterAll(() => context.disable());

  it('names the trace and span of a line written inside a span, and nothing outside one', () => {
    const lines: string[] = [];
    const logger = serverLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(line) });
    const outside = () => logger.info('outside any span');
    outside();
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const span = trace.wrapSpanContext({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 });
    context.with(trace.setSpan(context.active(), span), () => logger.info('inside a span'));
    outside();
    const [before, inside, after] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ msg: 'inside a span', trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) });
    expect(before).not.toHaveProperty('trace_id');
    expect(after).not.toHaveProperty('trace_id');
  });
});
