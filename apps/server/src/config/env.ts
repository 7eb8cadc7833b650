import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ROLES, type Role } from '@ed/contract/roles';
import { bool, configuredPassword, int, optionalString } from './env-values.js';
import { OIDC_ENV, readSso, type SsoSettings } from './oidc-env.js';

const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Connections each instance keeps to PostgreSQL (plus one each for live events, leadership and session revocations). */
  DATABASE_POOL_SIZE: int(1, 200).default(10),
  /** Connections of the fleet's own pool (what units send), so a connect storm waits there, not in people's. */
  DATABASE_FLEET_POOL_SIZE: int(1, 200).default(4),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Equipment Dashboard <no-reply@equipment-dashboard.local>'),
  PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be an absolute URL' }).optional()),
  ADMIN_PASSWORD: configuredPassword,
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).default('admin@equipment-dashboard.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines on a terminal, JSON lines otherwise (a file, a pipe, a log collector). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  PASSWORD_MAX_AGE_DAYS: int(1, 3650).default(90),
  TOKEN_TTL_HOURS: int(1, 24 * 30).default(12),
  LOGIN_MAX_FAILURES: int(1, 1000).default(10),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(10),
  LOGIN_IP_MAX_FAILURES: int(1, 100000).default(50),
  /** Failed sign-ins per minute, all addresses and instances together, before sign-in pauses (503). */
  LOGIN_GLOBAL_MAX_FAILURES: int(1, 1_000_000).default(300),
  /** The longest progressive delay of a sign-in to an account that fails from many addresses. */
  LOGIN_DELAY_MAX_SECONDS: int(0, 60).default(5),
  /** Password hashes computed at once; default one per core. */
  ARGON2_CONCURRENCY: int(1, 256).default(() => os.availableParallelism()),
  /** Hashes that may wait for a slot; one more and sign-in answers 503 with Retry-After. */
  ARGON2_QUEUE: int(0, 10_000).default(32),
  RESET_REQUESTS_PER_HOUR: int(1, 1000).default(20),
  /** Password resets (the new password with a mailed token) one address may try in a minute. */
  RESETS_PER_MINUTE: int(1, 1000).default(10),
  /** API calls a signed-in user may make per minute, all instances together; 0: no limit. */
  API_RATE_LIMIT_PER_USER: int(0, 1_000_000).default(1200),
  /** API calls without a session (sign-in, reset links) per address per minute; 0: no limit. */
  API_RATE_LIMIT_PER_ADDRESS: int(0, 1_000_000).default(300),
  /**
   * What one CSV export spends of a caller's API budget, in calls: an export reads up to 100,000
   * rows, so one user's exports cannot slow the others down as much as a budget of them would.
   */
  API_RATE_LIMIT_EXPORT_COST: int(1, 1_000).default(20),
  TRUSTED_PROXIES: optionalString,
  WEB_DIST: optionalString,
  MQTT_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(mqtts?|wss?|tcp):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
      .optional(),
  ),
  MQTT_USERNAME: optionalString,
  MQTT_PASSWORD: optionalString,
  /**
   * Who keeps the external broker's unit accounts: someone else (`none`), or this server, through
   * Mosquitto's dynamic-security plugin as units register (docs/scale-out.md, "Broker security").
   */
  MQTT_BROKER_ACCOUNTS: optionalString.pipe(
    z.enum(['none', 'mosquitto-dynsec'], { error: 'must be none or mosquitto-dynsec' }).default('none'),
  ),
  /**
   * Start on an external broker that lets clients in without credentials (tests, a closed lab);
   * otherwise the start refuses it (fleet/broker/open-broker-check.ts).
   */
  MQTT_ALLOW_OPEN_BROKER: bool.default(false),
  MQTT_PORT: int(1, 65535).optional(),
  /**
   * The broker address units are told at registration (`mqtt.url`): an external broker's public
   * name (`mqtts://mqtt.example.com:8883`), which need not be the address the server itself uses.
   */
  MQTT_PUBLIC_URL: optionalString.pipe(
    z.url({ protocol: /^(mqtts?|wss?)$/, error: 'must be an mqtt://, mqtts://, ws:// or wss:// address' }).optional(),
  ),
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -')
    .default('ed-gateway'),
  /** The deployment's namespace on the broker: every unit topic sits under it. */
  MQTT_TOPIC_ROOT: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'must be letters, digits, _ or - in /-separated levels')
    .default('ed/v1'),
  /** Seconds between sweeps for units three heartbeats late (their death was lost with a broker). */
  PRESENCE_SWEEP_SECONDS: int(1, 3600).default(30),
  FLEET_ENROLLMENT_KEY: optionalString.pipe(z.string().min(16, 'must be 16 characters or longer').optional()),
  /** New serial numbers (units without a credential) one address may register per hour; 0: no limit. */
  FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: int(0, 1_000_000).default(120),
  /** New serial numbers all addresses and instances together may register per hour; 0: no limit. */
  FLEET_NEW_UNITS_PER_HOUR: int(0, 10_000_000).default(1000),
  COMMAND_TIMEOUT_MS: int(100, 300_000).default(10_000),
  SHUTDOWN_GRACE_MS: int(0, 600_000).default(3_000),
  /**
   * How long an API call may use a session read by an earlier one (0: read every time). A
   * revocation on any instance reaches the others at once; this bounds it if a notice is lost.
   */
  SESSION_CACHE_TTL_MS: int(0, 60_000).default(5_000),
  /** Sessions each instance keeps cached at most. */
  SESSION_CACHE_MAX: int(1, 1_000_000).default(10_000),
  /** Minutes between VACUUM runs on the embedded database (a real PostgreSQL autovacuums). */
  PGLITE_VACUUM_MINUTES: int(1, 10_080).default(60),
  FAVORITES_LIMIT: int(1, 10_000).default(50),
  /** How often message transitions and deliveries run (0 turns the timer off, for tests). */
  JOB_INTERVAL_MS: int(0, 3_600_000).default(5_000),
  /** Milliseconds in a minute of an elevation (docs/elevations.md): 60,000; tests shorten it. */
  ELEVATION_MINUTE_MS: int(100, 60_000).default(60_000),
  /** Milliseconds in an hour of the offline alarm rule (docs/alarms.md): 3,600,000; tests shorten it. */
  ALARM_HOUR_MS: int(100, 3_600_000).default(3_600_000),
  /** Where the console reaches the AI assistant; the default is the one mounted in this server. */
  AI_URL: z.string().trim().min(1).default('/assistant'),
  /** Mount the assistant at /assistant in this process (false when it runs on its own). */
  ASSISTANT_IN_PROCESS: bool.default(true),
  /** A key with which a service (not a user) may read the assistant's chats. */
  ASSISTANT_SERVICE_KEY: optionalString.pipe(z.string().min(24, 'must be 24 characters or longer').optional()),
  ASSISTANT_IDLE_MINUTES: int(1, 1_440).default(30),
  ASSISTANT_CONCURRENCY: int(1, 64).default(2),
  /** How long the trend keeps per-minute samples, hourly rollups, and daily rollups (days). */
  TREND_MINUTE_DAYS: int(1, 90).default(7),
  TREND_HOUR_DAYS: int(1, 730).default(90),
  TREND_RETENTION_DAYS: int(1, 7_300).default(730),
  SIMULATOR_UNITS: int(0, 100_000).default(200),
  /** The module that runs the demo's simulated units (a path or file URL); npm start names the simulator's. */
  DEMO_FLEET_DRIVER: optionalString,
  /** Disconnects per simulated unit per hour (0 keeps them connected). */
  SIMULATOR_CHURN: z.coerce.number({ error: 'must be a number' }).min(0).max(3600).default(0.5),
  DEMO_PORT: int(1, 65535).default(8443),
  /** Software and spec packages; update paths are relative to it. Default DATA_DIR/updates. */
  UPDATES_DIR: optionalString,
  /** Units per family the update scheduler keeps auto-staged at once. */
  AUTO_STAGE_SLOTS: int(0, 10_000).default(5),
  /** An auto-staged unit without update progress for this long frees its slot (unstaged due to hung). */
  HUNG_AFTER_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.01)
    .max(24 * 30)
    .default(6),
  /** Seconds between the update scheduler's rounds (schedules due, hung units, free slots); 0 stops it. */
  SCHEDULER_TICK_SECONDS: int(0, 3600).default(15),
  /** Seconds between the rollouts' rounds (settle installs, thresholds, next units); 0 stops them. */
  ROLLOUT_TICK_SECONDS: int(0, 3600).default(10),
  DEMO: bool.default(false),
  /**
   * The release root the console pins at its first start (docs/signed-updates.md): a root.json
   * made offline with `npm run release:root`. A newer root in this file, signed by the pinned
   * one, rotates the keys at the next start. Unset in demo mode: a demo root is made at first start.
   */
  RELEASE_ROOT_FILE: optionalString,
  /** Take packages without signed release metadata (release.json). Default: on in demo mode only. */
  ALLOW_UNSIGNED_UPDATES: bool.optional(),
  /**
   * Roles whose accounts must have a second factor, comma-separated (default admin; empty in demo
   * mode, so a first try stays one step). Such an account without one reaches only the enrolment.
   */
  // Empty (or none) means no role: unlike the other settings, empty is not "unset".
  MFA_REQUIRED_ROLES: z
    .string()
    .transform((s) =>
      s.trim() === 'none'
        ? []
        : s
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES, { error: `must be roles among ${ROLES.join(', ')}, comma-separated, or none` })))
    .optional(),
  /** In demo mode, open a few support tickets from the demo accounts on a fresh database. */
  DEMO_TICKETS: bool.default(true),
  /** In demo mode, start one rollout whose simulated installs fail often, so it pauses on its threshold. */
  DEMO_ROLLOUT: bool.default(true),
  /** Engineering's addresses, comma-separated: escalated tickets mail them. Empty: no mail. */
  ENGINEERING_EMAILS: z
    .string()
    .default('engineering@equipment-dashboard.local')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be e-mail addresses separated by commas' }))),
  ATTACHMENT_MAX_MB: int(1, 100).default(10),
  /**
   * Where attachments, screen shots, packages and the outbox keep their bytes: `disk` (under
   * DATA_DIR, one instance) or `database` (PostgreSQL, every instance). Default: database when
   * DATABASE_URL is set, else disk.
   */
  FILE_STORE: optionalString.pipe(z.enum(['disk', 'database'], { error: 'must be disk or database' }).optional()),
  /** Minutes between sweeps of the disk for leftovers of writes that never committed (0: only at boot). */
  FILE_STORE_SWEEP_MINUTES: int(0, 10_080).default(15),
  /** A file on disk without a registry row is removed once it is this old (a write may be committing). */
  FILE_STORE_GRACE_MINUTES: int(1, 10_080).default(60),
  DEMO_PASSWORD: configuredPassword,
  /** Serve /docs and /openapi.json to anyone; otherwise they need a bearer token like the API. */
  PUBLIC_API_DOCS: bool.default(false),
  /** Bearer token of GET /metrics (Prometheus); unset: no metrics are served. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be 16 characters or longer').optional()),
  /** OTLP/HTTP collector (its base: spans go to <it>/v1/traces); unset: nothing is traced. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ),
  /** The traces' `service.name`. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('equipment-dashboard'),
  /**
   * The share of traces kept where no caller decided (0 to 1; a caller's sampled flag is followed):
   * OpenTelemetry's `parentbased_traceidratio` with this as its argument.
   */
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(1),
  /**
   * Let webhook endpoints be plain http:// and reach private, loopback, link-local and
   * unique-local addresses (tests, a closed lab); otherwise both are refused (docs/operations.md).
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** The first retry of a failed webhook delivery waits this long, doubling up to an hour; tests shorten it. */
  WEBHOOK_RETRY_BASE_MS: int(10, 3_600_000).default(30_000),
  ...OIDC_ENV,
});

/** Every variable the server reads (the README's table lists each: readme-variables.test.ts). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config extends Omit<
  z.output<typeof envSchema>,
  'PUBLIC_URL' | 'FILE_STORE' | 'MFA_REQUIRED_ROLES' | 'ALLOW_UNSIGNED_UPDATES'
> {
  PUBLIC_URL: string;
  ALLOW_UNSIGNED_UPDATES: boolean;
  MFA_REQUIRED_ROLES: Role[];
  /** The database whenever the database is shared (DATABASE_URL), unless set. */
  FILE_STORE: 'disk' | 'database';
  /** Single sign-on through OpenID Connect; undefined when OIDC_ISSUER is unset. */
  sso?: SsoSettings;
  /** Absolute paths derived from DATA_DIR (the disk file store's root is `data`). */
  paths: {
    data: string;
    pglite: string;
    outbox: string;
    updates: string;
    /** The demo's release keys (demo mode only): a real signing path without an offline machine. */
    demoReleaseKeys: string;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value stops the boot with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, env[key]]));
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '?');
      const shown = /PASSWORD|KEY|SECRET/.test(key) ? '(hidden)' : JSON.stringify(env[key]);
      return `  ${key}: ${issue.message} (got ${shown})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problem = brokerAccountsProblem(parsed.data);
  if (problem) {
    throw new ConfigError(
      `Invalid configuration:\n  MQTT_BROKER_ACCOUNTS: ${problem} (got "${parsed.data.MQTT_BROKER_ACCOUNTS}")`,
    );
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  const sso = readSso(parsed.data, publicUrl);
  if (sso.problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${sso.problems.join('\n  ')}`);
  const data = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    sso: sso.settings,
    // Several instances share one PostgreSQL; only the database reaches them all.
    FILE_STORE: parsed.data.FILE_STORE ?? (parsed.data.DATABASE_URL ? 'database' : 'disk'),
    PUBLIC_URL: publicUrl,
    MFA_REQUIRED_ROLES: parsed.data.MFA_REQUIRED_ROLES ?? (parsed.data.DEMO ? [] : ['admin']),
    ALLOW_UNSIGNED_UPDATES: parsed.data.ALLOW_UNSIGNED_UPDATES ?? parsed.data.DEMO,
    paths: {
      data,
      pglite: path.join(data, 'pgdata'),
      outbox: path.join(data, 'outbox'),
      updates: path.resolve(parsed.data.UPDATES_DIR ?? path.join(data, 'updates')),
      demoReleaseKeys: path.join(data, 'demo-release-keys'),
    },
  };
}

function brokerAccountsProblem(env: z.output<typeof envSchema>): string | undefined {
  if (env.MQTT_BROKER_ACCOUNTS === 'none') return undefined;
  // The embedded broker checks each unit's credential itself.
  if (!env.MQTT_URL) return 'needs MQTT_URL (an external broker)';
  if (!env.MQTT_USERNAME) return "needs MQTT_USERNAME (the gateway's account, which keeps the units' accounts)";
  // A unit registering with that serial number would be given the gateway's account.
  if (/^[A-Z0-9]{8,9}$/.test(env.MQTT_USERNAME)) {
    return 'needs an MQTT_USERNAME that cannot be a serial number (8 or 9 capitals or digits)';
  }
  return undefined;
}
