import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { serialNumberSchema, voltageBoardSchema } from './device-protocol.js';

/**
 * Diagnostic snapshots (docs/diagnostics.md): one button asks a unit for everything support asks
 * for one by one, in parallel, and attaches the answers to a ticket. The spec keeps the USB,
 * Printer and Voltages buttons off; the snapshot is the sanctioned way to get those reports.
 */
export const DIAGNOSTIC_ITEMS = ['screenShot', 'voltages', 'usb', 'printer', 'versions', 'updateState'] as const;
export type DiagnosticItemName = (typeof DIAGNOSTIC_ITEMS)[number];

export const DIAGNOSTIC_ITEM_LABELS: Record<DiagnosticItemName, string> = {
  screenShot: 'Screen shot',
  voltages: 'Voltages',
  usb: 'USB status',
  printer: 'Printer status',
  versions: 'Versions and specs',
  updateState: 'Update state',
};

const DIAGNOSTIC_ITEM_STATES = ['pending', 'done', 'missing'] as const;
export type DiagnosticItemState = (typeof DIAGNOSTIC_ITEM_STATES)[number];

/** What each item holds once collected (absent for the screen shot: it is a ticket attachment). */
const diagnosticPayloadSchema = z.union([
  z.object({ voltages: z.array(voltageBoardSchema) }),
  z.object({ status: z.string() }),
  z.object({
    version: z.string().nullable(),
    systemClass: z.string().nullable(),
    boardClass: z.string().nullable(),
    specs: z.object({ name: z.string(), month: z.number(), year: z.number() }).nullable(),
    specsExpiration: z.object({ month: z.number(), year: z.number() }).nullable(),
    pendingSoftwareDownload: z.string().nullable(),
  }),
  z.object({ state: z.string().nullable(), label: z.string() }),
]);
export type DiagnosticPayload = z.infer<typeof diagnosticPayloadSchema>;

const diagnosticItemSchema = z.object({
  item: z.enum(DIAGNOSTIC_ITEMS),
  label: z.string(),
  state: z.enum(DIAGNOSTIC_ITEM_STATES),
  /** Why it is missing, or a line on what came (e.g. "2 of 14 values out of range"). */
  detail: z.string().nullable(),
  payload: diagnosticPayloadSchema.nullable(),
  /** The screen shot's attachment on the ticket. */
  attachmentId: z.number().int().nullable(),
  collectedAt: z.iso.datetime().nullable(),
});
export type DiagnosticItem = z.infer<typeof diagnosticItemSchema>;

export const diagnosticSnapshotSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  serialNumber: z.string(),
  requestedBy: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** The readable summary, also left as a comment on the ticket once every item is in. */
  summary: z.string().nullable(),
  items: z.array(diagnosticItemSchema),
});
export type DiagnosticSnapshot = z.infer<typeof diagnosticSnapshotSchema>;

/** From a ticket (its id), or from the equipment detail (the unit: its newest open ticket, or a new one). */
export const collectDiagnosticsSchema = z
  .object({
    ticketId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
    serialNumber: serialNumberSchema.optional(),
  })
  .refine((b) => (b.ticketId === undefined) !== (b.serialNumber === undefined), {
    error: 'Name either ticketId or serialNumber',
  });
export type CollectDiagnosticsRequest = z.infer<typeof collectDiagnosticsSchema>;

export const diagnosticsQuerySchema = z.object({ ticketId: z.coerce.number().int().positive().max(INT32_MAX) });
export const diagnosticsResponseSchema = z.object({ snapshots: z.array(diagnosticSnapshotSchema) });
/** Snapshots kept per ticket and shown, newest first. */
export const DIAGNOSTICS_PER_TICKET = 20;
