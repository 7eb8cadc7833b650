import { SpanKind, SpanStatusCode, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { contextOf, failed } from '../../../shared/tracing.js';

/** Messaging attributes of a command's spans (OpenTelemetry's messaging conventions, MQTT). */
const attributes = (serialNumber: string, name: string, operation: 'send' | 'process') => ({
  'messaging.system': 'mqtt',
  'messaging.operation.type': operation,
  'messaging.destination.name': operation === 'send' ? '{root}/{serial}/cmd' : '{root}/{serial}/reply/{instance}',
  'device.command': name,
  'device.serial_number': serialNumber,
});

/** The span of a command sent (PRODUCER), active while the round trip runs; ended by `settle`. */
export async function commandSpan<T>(
  tracer: Tracer,
  serialNumber: string,
  name: string,
  roundTrip: () => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(
    `send ${name}`,
    { kind: SpanKind.PRODUCER, attributes: attributes(serialNumber, name, 'send') },
    async (span: Span) => {
      try {
        return await roundTrip();
      } catch (err) {
        failed(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * The span of the unit's reply as this instance processed it (CONSUMER): a child of the trace the
 * unit echoed in its `traceparent`, else of the command's own span (a unit that does not echo).
 */
export function replySpan(
  tracer: Tracer,
  command: { serialNumber: string; name: string; context: Context },
  reply: { traceparent?: unknown; error?: string },
): void {
  const span = tracer.startSpan(
    `process ${command.name} reply`,
    { kind: SpanKind.CONSUMER, attributes: attributes(command.serialNumber, command.name, 'process') },
    contextOf(reply.traceparent, command.context),
  );
  if (reply.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: reply.error });
  span.end();
}
