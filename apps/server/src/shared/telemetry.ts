import { randomUUID } from 'node:crypto';
import { trace, type Tracer } from '@opentelemetry/api';
import { TRACER_NAME } from './tracing.js';

/**
 * What the server's parts tell whoever watches them (metrics, traces): the kind of each MQTT
 * message in and out, refusals by reason, command round trips, job runs. Labels only, never a
 * serial number or a user: what is told here may become a metric's label.
 */
export interface TelemetryEvents {
  /** A message a unit published reached this instance's gateway; `kind` is its topic's kind. */
  mqttReceived: { kind: string };
  /** This instance published to a unit (`cmd`, `error`). */
  mqttSent: { kind: string };
  /** A unit's message was refused (unit-refusals.ts), by reason. */
  unitRefused: { reason: string };
  /** A command's round trip ended: answered, failed, unusable, timed out or never sent. */
  commandDone: { command: string; outcome: CommandOutcome; seconds: number };
  /** A job's tick ended (shared/job-timer.ts). */
  jobRun: { job: string; outcome: 'ok' | 'failed'; seconds: number; intervalSeconds: number };
}

export type CommandOutcome = 'ok' | 'failed' | 'timeout' | 'unavailable';

type Listener<E> = (event: E) => void;

/**
 * A synchronous, typed, in-process fan-out, one per server instance. With nobody listening an
 * `emit` is one map lookup, so the parts tell it unconditionally; `watched` lets a caller skip
 * work (a topic parse, a clock read) that only a listener needs.
 */
export class Telemetry {
  private readonly listeners = new Map<keyof TelemetryEvents, Listener<never>[]>();
  /**
   * Where the parts make their spans: OpenTelemetry's no-op tracer until plugins/tracing.ts puts
   * this instance's own in (OTEL_EXPORTER_OTLP_ENDPOINT set), so a span costs nothing when off.
   */
  tracer: Tracer = trace.getTracer(TRACER_NAME);
  /** This process's id: its MQTT client and reply topic (fleet.plugin.ts), its spans' `service.instance.id`. */
  readonly instanceId = randomUUID();

  on<K extends keyof TelemetryEvents>(name: K, listener: Listener<TelemetryEvents[K]>): () => void {
    const list = (this.listeners.get(name) ?? []) as Listener<TelemetryEvents[K]>[];
    this.listeners.set(name, [...list, listener] as Listener<never>[]);
    return () => {
      const now = (this.listeners.get(name) ?? []).filter((l) => l !== listener);
      if (now.length > 0) this.listeners.set(name, now);
      else this.listeners.delete(name);
    };
  }

  watched(name: keyof TelemetryEvents): boolean {
    return this.listeners.has(name);
  }

  /** A listener that throws is its own fault: what the server does never fails for being watched. */
  emit<K extends keyof TelemetryEvents>(name: K, event: TelemetryEvents[K]): void {
    const list = this.listeners.get(name) as Listener<TelemetryEvents[K]>[] | undefined;
    if (!list) return;
    for (const listener of list) {
      try {
        listener(event);
      } catch {
        // A metric that cannot be counted is not worth a failed request.
      }
    }
  }
}
