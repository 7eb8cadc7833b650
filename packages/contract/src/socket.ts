import { z } from 'zod';
import { alarmCountsSchema } from './alarms.js';
import {
  connectionCountersSchema,
  serviceStatusSchema,
  stagedTotalsSchema,
  ticketStatisticsSchema,
} from './dashboard.js';
import { equipmentSchema, softwareVersionSchema } from './equipment.js';
import { familySchema } from './families.js';
import { sessionUserSchema } from './roles.js';
import { rolloutSummarySchema } from './rollouts.js';

/** The live-event socket (part 2 §7): the 12 server events of the spec and the console's own, the client's identity and their payloads. */
export const CLIENT_EVENTS = { identity: 'dashboard/identity' } as const;

const ticketEvent = z.object({ id: z.number().int(), serialNumber: z.string(), username: z.string() });

export const serverEventSchemas = {
  SERVICE_STATUS: serviceStatusSchema,
  RADAR_UPDATE_FAVORITE: equipmentSchema,
  RADAR_ADD_FAVORITE: equipmentSchema,
  RADAR_REMOVE_FAVORITE: z.object({ serialNumber: z.string() }),
  REPORT_SUPPORT_TICKET_CLOSED: ticketEvent,
  REPORT_SUPPORT_TICKET_COMMENT_CREATED: ticketEvent,
  REPORT_SUPPORT_TICKET_CREATED: ticketEvent,
  NEW_SOFTWARE_UPDATE_CREATED: z.object({
    family: familySchema,
    version: softwareVersionSchema,
    path: z.string(),
    /** True when this update became the family's latest. */
    isLatest: z.boolean(),
    /** Who created it: their own console confirms it locally and skips this echo. */
    username: z.string(),
  }),
  NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: z.object({
    date: z.iso.datetime(),
    version: softwareVersionSchema,
    count: z.number().int(),
  }),
  SOFTWARE_UPDATES_STAGED: z.object({ family: familySchema, totals: stagedTotalsSchema }),
  CONNECTION_COUNTERS: connectionCountersSchema,
  SUPPORT_TICKET_STATISTICS: ticketStatisticsSchema,
  /** Not of the spec: a rollout changed state or counts (docs/rollouts.md). */
  ROLLOUT_CHANGED: rolloutSummarySchema,
  /** Not of the spec: alarms were raised, acknowledged or cleared; the counts now (docs/alarms.md). */
  ALARMS_CHANGED: alarmCountsSchema,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEventSchemas)[E]>;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

export const identityPayloadSchema = sessionUserSchema;
export interface ClientToServerEvents {
  'dashboard/identity': (user: z.infer<typeof identityPayloadSchema>) => void;
}

/** The handshake's auth payload: the token never travels in the URL. */
export const socketAuthSchema = z.object({ token: z.string().min(1) });

/** Alert texts of part 2 §7, verbatim. */
export const alertTexts = {
  ticketClosed: (p: ServerEventPayload<'REPORT_SUPPORT_TICKET_CLOSED'>) =>
    `Support ticket ${p.id} for aligner ${p.serialNumber} closed by ${p.username}.`,
  commentCreated: (p: ServerEventPayload<'REPORT_SUPPORT_TICKET_COMMENT_CREATED'>) =>
    `Comment on ticket ${p.id} for aligner ${p.serialNumber} created by ${p.username}.`,
  ticketCreated: (p: ServerEventPayload<'REPORT_SUPPORT_TICKET_CREATED'>) =>
    `New ticket ${p.id} for aligner ${p.serialNumber} created by ${p.username}.`,
  latestSoftware: (semantic: string) => `The latest software available is now version ${semantic}.`,
};
