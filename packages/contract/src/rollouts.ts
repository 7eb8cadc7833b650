import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { familySchema } from './families.js';
import { serialNumberSchema } from './device-protocol.js';
import { pageSchema } from './paging.js';

/**
 * Rollouts (docs/rollouts.md): one software version to a target, in waves, with thresholds
 * that start the next wave or pause the whole rollout.
 */
export const ROLLOUT_STATES = ['draft', 'running', 'paused', 'completed', 'cancelled'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const ACTIVE_ROLLOUT_STATES = ['running', 'paused'] as const satisfies readonly RolloutState[];

/** What happened to one unit of a rollout. */
export const ROLLOUT_UNIT_STATES = [
  'pending',
  /** Offline when its turn came: tried again every few minutes, it joins its wave late. */
  'offline',
  'in_flight',
  'completed',
  'failed',
  'hung',
  'skipped',
  'cancelled',
  'left',
] as const;
export type RolloutUnitState = (typeof ROLLOUT_UNIT_STATES)[number];

/** What a rollout delivers: a software version, or a spec release (docs/rollouts.md). */
export const ROLLOUT_PAYLOADS = ['software', 'spec'] as const;
export type RolloutPayload = (typeof ROLLOUT_PAYLOADS)[number];
export const payloadSchema = z
  .enum(ROLLOUT_PAYLOADS, { error: 'payload must be software or spec' })
  .default('software');
const VERSION_REQUIRED_TEXT = 'A version is required';
export const SPEC_REQUIRED_TEXT = 'A spec release is required (specUpdateId)';

/** Software names its version; a spec release its id. */
export function checkPayload(
  request: { payload: RolloutPayload; version?: string | undefined; specUpdateId?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (request.payload === 'software' && !request.version) {
    ctx.addIssue({ code: 'custom', message: VERSION_REQUIRED_TEXT, path: ['version'] });
  }
  if (request.payload === 'spec' && request.specUpdateId === undefined) {
    ctx.addIssue({ code: 'custom', message: SPEC_REQUIRED_TEXT, path: ['specUpdateId'] });
  }
}
export const specUpdateIdSchema = z.coerce.number().int().positive().max(INT32_MAX);

export const ROLLOUT_MAX_WAVES = 20;
/** Serial numbers a rollout may name one by one (a CSV). */
const ROLLOUT_SERIALS_MAX = 100_000;
/** Errors and tickets are shares of at least this many units (or the whole wave, if smaller). */
export const ROLLOUT_MIN_SAMPLE = 10;
export const ROLLOUTS_PAGE_SIZE = 25;
export const ROLLOUT_UNITS_PAGE_SIZE = 50;

/** The state a unit reports when its installation failed (docs/device-protocol.md). */
export const INSTALL_FAILED_STATE = 'INSTALLATION_FAILED';

/** A share, its problems told in the words of the field's label (`what`: "The success threshold"). */
const percent = (what: string) =>
  z.coerce
    .number({ error: `${what} is a number of percent` })
    .min(0, `${what} must be from 0 to 100 %`)
    .max(100, `${what} must be from 0 to 100 %`);

export const rolloutTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('view'), viewId: z.coerce.number().int().positive().max(INT32_MAX) }),
  z.object({
    kind: z.literal('pattern'),
    pattern: z.string().trim().min(1, 'A serial number pattern is required').max(200),
  }),
  z.object({
    kind: z.literal('serials'),
    serialNumbers: z
      .array(serialNumberSchema)
      .min(1, 'The list of serial numbers is empty')
      .max(ROLLOUT_SERIALS_MAX, `At most ${ROLLOUT_SERIALS_MAX} serial numbers`),
  }),
]);
export type RolloutTarget = z.output<typeof rolloutTargetSchema>;

/** A wave's size: a share of the target, a number of units, or the rest of the target. */
export const waveSpecSchema = z
  .object({
    percent: z.coerce.number().gt(0, 'A wave is more than 0 %').max(100, 'A wave is at most 100 %').optional(),
    count: z.coerce.number().int().min(1, 'A wave has at least 1 unit').optional(),
    rest: z.boolean().optional(),
    /** Share of the wave's installs completed that starts the next wave. */
    successThreshold: percent('The success threshold').default(90),
    /** Hold after this wave until a person resumes. */
    pauseAfter: z.boolean().default(false),
  })
  .refine((w) => [w.percent !== undefined, w.count !== undefined, w.rest === true].filter(Boolean).length === 1, {
    message: 'A wave has exactly one size: a percent, a count, or the rest',
  });
export type WaveSpec = z.output<typeof waveSpecSchema>;

export const rolloutThresholdsSchema = z.object({
  /** Pause when failed and hung installs exceed this share of a wave's installs. */
  errorPercent: percent('The share of failed and hung installs to pause above').default(10),
  /** An install without progress for this long is hung. */
  hungAfterMinutes: z.coerce.number().int().min(1).max(INT32_MAX).max(10_080).default(120),
  /** Pause when units updated by the rollout open tickets above this share, within the window. */
  ticketPercent: percent('The share of tickets to pause above').default(2),
  ticketWindowHours: z.coerce.number().int().min(1).max(INT32_MAX).max(720).default(48),
  /** Or above this many times the family's usual rate (absent: not used). */
  ticketBaselineFactor: z.coerce.number().min(1).max(1000).optional(),
});
export type RolloutThresholds = z.output<typeof rolloutThresholdsSchema>;

export const createRolloutRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(80, 'Name is at most 80 characters'),
    family: familySchema,
    payload: payloadSchema,
    /** The software version (payload software). */
    version: z.string().trim().max(32).optional(),
    /** The spec release (payload spec). */
    specUpdateId: specUpdateIdSchema.optional(),
    target: rolloutTargetSchema,
    waves: z
      .array(waveSpecSchema)
      .min(1, 'A rollout has at least one wave')
      .max(ROLLOUT_MAX_WAVES, `At most ${ROLLOUT_MAX_WAVES} waves`),
    thresholds: rolloutThresholdsSchema.default({
      errorPercent: 10,
      hungAfterMinutes: 120,
      ticketPercent: 2,
      ticketWindowHours: 48,
    }),
    /** Units staged at most per UTC day (absent: no daily cap). */
    perDay: z.coerce.number().int().min(1).max(INT32_MAX).max(1_000_000).optional(),
    /** Units in flight at once (absent: the server's AUTO_STAGE_SLOTS × 10). */
    slots: z.coerce.number().int().min(1).max(INT32_MAX).max(10_000).optional(),
    /** Start at once instead of keeping a draft. */
    start: z.boolean().default(false),
  })
  .superRefine(checkPayload);
export type CreateRolloutRequest = z.input<typeof createRolloutRequestSchema>;

export const rolloutIdSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
export const pauseRolloutSchema = rolloutIdSchema.extend({ reason: z.string().trim().max(500).optional() });
/** A wave of a rollout, by its index (0 is the wave shown as "Wave 1"). */
export const rolloutWaveRefSchema = rolloutIdSchema.extend({
  wave: z.coerce
    .number({ error: 'wave must be the index of one of the rollout’s waves (0 is Wave 1)' })
    .int('wave must be a whole number')
    .min(0, 'wave must be 0 (Wave 1) or more')
    .max(ROLLOUT_MAX_WAVES - 1, `wave must be at most ${ROLLOUT_MAX_WAVES - 1} (Wave ${ROLLOUT_MAX_WAVES})`),
});
/** A wave's success threshold changed while it runs (a wave that cannot reach its own). */
export const waveThresholdSchema = rolloutWaveRefSchema.extend({
  successThreshold: z.coerce
    .number({ error: 'The success threshold is a share from 0 to 100 %' })
    .min(0, 'The success threshold is at least 0 %')
    .max(100, 'The success threshold is at most 100 %'),
});

export const rolloutWaveSchema = z.object({
  index: z.number().int(),
  size: z.number().int(),
  successThreshold: z.number(),
  pauseAfter: z.boolean(),
  state: z.enum(['waiting', 'running', 'done']),
  staged: z.number().int(),
  inFlight: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  hung: z.number().int(),
  skipped: z.number().int(),
  /** Units set aside because they were offline when their turn came; they join late. */
  offline: z.number().int(),
  tickets: z.number().int(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RolloutWave = z.infer<typeof rolloutWaveSchema>;

export const rolloutEventSchema = z.object({
  at: z.iso.datetime(),
  kind: z.string(),
  by: z.string(),
  reason: z.string().nullable(),
});

const rolloutTicketSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  wave: z.number().int(),
  createdAt: z.iso.datetime(),
});

export const rolloutSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  family: familySchema,
  payload: z.enum(ROLLOUT_PAYLOADS),
  /** The software version, or the spec release's name. */
  version: z.string(),
  specUpdateId: z.number().int().nullable(),
  state: z.enum(ROLLOUT_STATES),
  /** Why it is paused: a threshold (naming it) or the person who paused it. */
  pausedReason: z.string().nullable(),
  targetLabel: z.string(),
  total: z.number().int(),
  currentWave: z.number().int(),
  waveCount: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  hung: z.number().int(),
  tickets: z.number().int(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RolloutSummary = z.infer<typeof rolloutSummarySchema>;

export const rolloutSchema = rolloutSummarySchema.extend({
  /** A list target is answered by its size. */
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('view'), viewId: z.number().int() }),
    z.object({ kind: z.literal('pattern'), pattern: z.string() }),
    z.object({ kind: z.literal('serials'), count: z.number().int() }),
  ]),
  thresholds: z.object({
    errorPercent: z.number(),
    hungAfterMinutes: z.number().int(),
    ticketPercent: z.number(),
    ticketWindowHours: z.number().int(),
    ticketBaselineFactor: z.number().optional(),
  }),
  perDay: z.number().int().nullable(),
  slots: z.number().int(),
  waves: z.array(rolloutWaveSchema),
  events: z.array(rolloutEventSchema),
  ticketList: z.array(rolloutTicketSchema),
});
export type Rollout = z.infer<typeof rolloutSchema>;

export const rolloutsQuerySchema = z.object({
  state: z.enum(ROLLOUT_STATES).optional(),
  page: pageSchema,
});
export const rolloutsResponseSchema = z.object({
  docs: z.array(rolloutSummarySchema),
  totalDocs: z.number().int(),
});

export const rolloutUnitsQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(INT32_MAX),
  state: z.enum(ROLLOUT_UNIT_STATES).optional(),
  page: pageSchema,
});
export const rolloutUnitSchema = z.object({
  serialNumber: z.string(),
  wave: z.number().int(),
  state: z.enum(ROLLOUT_UNIT_STATES),
  stagedAt: z.iso.datetime().nullable(),
  doneAt: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
});
export const rolloutUnitsResponseSchema = z.object({
  docs: z.array(rolloutUnitSchema),
  totalDocs: z.number().int(),
});

/** The versions a rollout may deliver: a family's published software, newest first. */
export const ROLLOUT_VERSIONS_MAX = 50;
export const rolloutVersionsQuerySchema = z.object({ family: familySchema });
export const rolloutVersionsResponseSchema = z.object({
  versions: z.array(z.object({ semantic: z.string(), createdAt: z.iso.datetime() })),
  /** The spec releases the family takes (its own and those for all), newest first. */
  specs: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      month: z.number().int(),
      year: z.number().int(),
      active: z.boolean(),
    }),
  ),
});
