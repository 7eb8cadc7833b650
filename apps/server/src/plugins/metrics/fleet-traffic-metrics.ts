import type { Telemetry } from '../../shared/telemetry.js';
import type { PromClient, PromRegistry } from './prom-client.js';

/** Seconds a command's round trip takes: from a reply in milliseconds to the command timeout. */
const ROUND_TRIP_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds a job's tick takes. */
const JOB_BUCKETS = [0.001, 0.005, 0.025, 0.1, 0.5, 1, 5, 30];

/**
 * What this instance exchanged with units and what its jobs did, as told on `telemetry`: MQTT
 * messages by topic kind, refusals by reason, command round trips by command and outcome, job
 * runs and their last success. Every label comes from a closed list (topic kinds, reasons,
 * command names, job names): no serial number can become a series.
 */
export function fleetTrafficMetrics(prom: PromClient, registry: PromRegistry, telemetry: Telemetry) {
  const registers = [registry];
  const received = new prom.Counter({
    name: 'mqtt_messages_received_total',
    help: 'MQTT messages units published that reached this instance, by topic kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const sent = new prom.Counter({
    name: 'mqtt_messages_sent_total',
    help: 'MQTT messages this instance published to units, by topic kind (cmd, error)',
    labelNames: ['kind'] as const,
    registers,
  });
  const refused = new prom.Counter({
    name: 'device_messages_refused_total',
    help: 'Unit messages refused (told on the unit’s error topic), by reason',
    labelNames: ['reason'] as const,
    registers,
  });
  const commands = new prom.Histogram({
    name: 'device_command_duration_seconds',
    help: 'Command round trips from the publish to the unit’s reply, by command and outcome (ok, failed, timeout, unavailable)',
    labelNames: ['command', 'outcome'] as const,
    buckets: ROUND_TRIP_BUCKETS,
    registers,
  });
  const jobRuns = new prom.Counter({
    name: 'job_runs_total',
    help: 'Job ticks run by this instance, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDurations = new prom.Histogram({
    name: 'job_run_duration_seconds',
    help: 'Time a job tick took, by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const jobSuccess = new prom.Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When a job last ended without error on this instance (Unix time)',
    labelNames: ['job'] as const,
    registers,
  });
  const jobInterval = new prom.Gauge({
    name: 'job_interval_seconds',
    help: 'How often a job ticks: its lag is time() - job_last_success_timestamp_seconds beyond this',
    labelNames: ['job'] as const,
    registers,
  });

  const unsubscribe = [
    telemetry.on('mqttReceived', ({ kind }) => received.inc({ kind })),
    telemetry.on('mqttSent', ({ kind }) => sent.inc({ kind })),
    telemetry.on('unitRefused', ({ reason }) => refused.inc({ reason })),
    telemetry.on('commandDone', ({ command, outcome, seconds }) => commands.observe({ command, outcome }, seconds)),
    telemetry.on('jobRun', ({ job, outcome, seconds, intervalSeconds }) => {
      jobRuns.inc({ job, outcome });
      jobDurations.observe({ job }, seconds);
      jobInterval.set({ job }, intervalSeconds);
      if (outcome === 'ok') jobSuccess.set({ job }, Date.now() / 1000);
    }),
  ];
  return () => {
    for (const stop of unsubscribe) stop();
  };
}
