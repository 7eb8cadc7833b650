import { z } from 'zod';
import { aiStatisticsSchema, chatSessionSchema } from './assistant.js';
import { alarmRuleSchema, alarmSchema } from './alarms.js';
import { auditEntrySchema } from './audits.js';
import { cameraCalRecordSchema } from './camera-cal.js';
import { diagnosticSnapshotSchema } from './diagnostics.js';
import { fixtureSchema, targetSchema } from './easy.js';
import { elevationSchema } from './elevations.js';
import {
  equipmentSchema,
  geolocationSchema,
  screenShotSchema,
  softwareVersionSchema,
  updateStateSchema,
} from './equipment.js';
import { errorResponseSchema } from './errors.js';
import { messageSchema } from './messages.js';
import { notificationSchema } from './notifications.js';
import { releaseTrustSchema, verificationSchema } from './release-verification.js';
import {
  rolloutSchema,
  rolloutSummarySchema,
  rolloutUnitSchema,
  rolloutWaveSchema,
  rolloutEventSchema,
} from './rollouts.js';
import { savedViewSchema } from './saved-views.js';
import { secondFactorSchema } from './second-factor.js';
import { softwareUpdateSchema } from './software.js';
import { specUpdateSchema } from './specs.js';
import {
  attachmentSchema,
  commentSchema,
  ticketHistoryItemSchema,
  ticketSchema,
  ticketSummarySchema,
} from './tickets.js';
import { pairingSchema, vendorSchema } from './trupoint.js';
import { unitClaimSchema } from './unit-claims.js';
import { schedulerDeviceSchema } from './update-scheduler.js';
import { userSchema } from './users.js';
import { webhookDeliverySchema, webhookSchema } from './webhooks.js';

/**
 * The things of the API, by name: /openapi.json describes each once under
 * `components.schemas.<Name>` and refers to it wherever a call takes or answers it, so a
 * generated client has a `Unit`, a `Ticket` and an `Error` type. A registry of its own (not
 * zod's global one): only the server's OpenAPI plugin imports it, so the web bundle carries none
 * of these names.
 */
export const apiComponents = z.registry<{ id: string; description: string }>();

const NAMED: readonly (readonly [z.ZodType, string, string])[] = [
  [
    errorResponseSchema,
    'Error',
    "An error: the spec's statusCode, error and message, with RFC 9457's members beside them",
  ],
  [equipmentSchema, 'Unit', 'A unit of the fleet (aligner, Tru-Point or aligner-oasis) as the console knows it'],
  [softwareVersionSchema, 'SoftwareVersion', 'A software version: semantic version and build metadata'],
  [updateStateSchema, 'UpdateState', "A unit's download and install of a staged release"],
  [geolocationSchema, 'Geolocation', 'Where a unit is, from its public address'],
  [screenShotSchema, 'ScreenShot', "A unit's last screen shot"],
  [ticketSummarySchema, 'TicketSummary', 'A support ticket as lists show it'],
  [ticketSchema, 'Ticket', 'A support ticket with its comments and attachments'],
  [commentSchema, 'Comment', 'A comment on a ticket'],
  [attachmentSchema, 'Attachment', 'A file attached to a ticket'],
  [ticketHistoryItemSchema, 'TicketHistoryItem', "A ticket in a unit's history"],
  [userSchema, 'User', 'A user of the console'],
  [auditEntrySchema, 'AuditEntry', 'One row of the audit log'],
  [softwareUpdateSchema, 'SoftwareRelease', 'A software release of one family, made from a validated package'],
  [specUpdateSchema, 'SpecRelease', 'A spec release (vehicle specifications) for units matching its filter'],
  [verificationSchema, 'ReleaseVerification', "What the console verified of a release's signatures and files"],
  [releaseTrustSchema, 'ReleaseTrust', 'The trusted root of release signing: roles, thresholds and keys'],
  [alarmSchema, 'Alarm', 'An alarm raised by a rule'],
  [alarmRuleSchema, 'AlarmRule', 'A rule that raises alarms'],
  [rolloutSummarySchema, 'RolloutSummary', 'A rollout as lists show it'],
  [rolloutSchema, 'Rollout', 'A rollout with its waves, events and tickets'],
  [rolloutWaveSchema, 'RolloutWave', 'One wave of a rollout'],
  [rolloutEventSchema, 'RolloutEvent', "An event in a rollout's history"],
  [rolloutUnitSchema, 'RolloutUnit', 'A unit of a rollout and how far it got'],
  [messageSchema, 'Message', 'A message shown on units'],
  [notificationSchema, 'Notification', 'A notification sent to units'],
  [diagnosticSnapshotSchema, 'DiagnosticSnapshot', "A unit's diagnostics, collected for a ticket"],
  [savedViewSchema, 'SavedView', 'A saved filter of the equipment list'],
  [elevationSchema, 'Elevation', "A time-boxed elevation of a user's rights on a unit"],
  [cameraCalRecordSchema, 'CameraCalibration', 'A camera calibration uploaded by a unit'],
  [pairingSchema, 'Pairing', 'A Tru-Point pairing'],
  [vendorSchema, 'Vendor', 'A vendor with its API keys'],
  [fixtureSchema, 'Fixture', 'An EZ fixture'],
  [targetSchema, 'Target', 'An EZ target'],
  [unitClaimSchema, 'UnitClaim', 'A new unit waiting to be admitted to the fleet'],
  [schedulerDeviceSchema, 'SchedulerUnit', 'A unit with its staging and update state'],
  [secondFactorSchema, 'SecondFactor', "One of a user's second factors"],
  [chatSessionSchema, 'ChatSession', "A unit's chat session with the assistant"],
  [aiStatisticsSchema, 'AssistantStatistics', "The assistant's sessions and timings"],
  [
    webhookSchema,
    'Webhook',
    'An endpoint the console posts chosen events to, signed (its secret is never shown again)',
  ],
  [webhookDeliverySchema, 'WebhookDelivery', 'One event posted to one webhook endpoint, with its attempts'],
];

for (const [schema, id, description] of NAMED) apiComponents.add(schema, { id, description });

/** The names, for tests and the generated-client check. */
export const API_COMPONENT_NAMES: readonly string[] = NAMED.map(([, id]) => id);
