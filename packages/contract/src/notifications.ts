import { z } from 'zod';
import { chosen } from './form-inputs.js';
import { dayRangeSchema } from './schedule.js';
import { pageSchema } from './users.js';

/** Part 2 §9: the MIME types a notification may carry and the families it may target. */
export const NOTIFICATION_MIME_TYPES = ['image/png', 'image/jpeg', 'text/html'] as const;
export const NOTIFICATION_TARGET_FAMILIES = ['aligner', 'gtps', 'all'] as const;
export const NOTIFICATION_TARGET_TYPES = ['geographic'] as const;

const optionalPlace = z
  .string()
  .trim()
  .max(128)
  .nullish()
  .transform((value) => (value ? value : null));

export const notificationTargetSchema = z.object({
  family: z.enum(NOTIFICATION_TARGET_FAMILIES, { error: 'target.family must be aligner, gtps or all' }),
  country: z.string().trim().min(1, 'target.country is required').max(128),
  region: optionalPlace,
  city: optionalPlace,
});

/** POST /create/notification/v1/ (part 2 §7). */
export const createNotificationRequestSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name is at most 200 characters'),
  resourcePath: z
    .string()
    .trim()
    .min(1, 'resourcePath is required')
    .max(2048, 'resourcePath is at most 2048 characters'),
  mimeType: z.enum(NOTIFICATION_MIME_TYPES, { error: 'mimeType must be image/png, image/jpeg or text/html' }),
  beginsOn: z.coerce.date({ error: 'beginsOn must be a date' }),
  endsOn: z.coerce.date({ error: 'endsOn must be a date' }),
  targetType: z.enum(NOTIFICATION_TARGET_TYPES, { error: 'targetType must be geographic' }).default('geographic'),
  target: notificationTargetSchema,
});
export type CreateNotificationRequest = z.input<typeof createNotificationRequestSchema>;

/**
 * The Create Notification wizard's form: the time period as days, the request's fields with the
 * MIME type and family chosen in the form, and region and city left blank ('') for any.
 */
export const notificationFormSchema = z.object({
  period: dayRangeSchema,
  name: createNotificationRequestSchema.shape.name,
  mimeType: chosen(
    createNotificationRequestSchema.shape.mimeType,
    'mimeType must be image/png, image/jpeg or text/html',
  ),
  resourcePath: createNotificationRequestSchema.shape.resourcePath,
  target: notificationTargetSchema.extend({
    family: chosen(notificationTargetSchema.shape.family, 'target.family must be aligner, gtps or all'),
  }),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  resourcePath: z.string(),
  mimeType: z.enum(NOTIFICATION_MIME_TYPES),
  beginsOn: z.iso.datetime(),
  endsOn: z.iso.datetime(),
  targetType: z.enum(NOTIFICATION_TARGET_TYPES),
  target: z.object({
    family: z.enum(NOTIFICATION_TARGET_FAMILIES),
    country: z.string(),
    region: z.string().nullable(),
    city: z.string().nullable(),
  }),
  /** Units that have received it so far. */
  deliveredCount: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({ page: pageSchema });
export const notificationsResponseSchema = z.object({
  totalDocs: z.number().int(),
  docs: z.array(notificationSchema),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** The target lists, built from the fleet's geolocations (part 2 §3). */
export const countriesResponseSchema = z.array(z.object({ countryName: z.string(), countryCode: z.string() }));
export const regionsQuerySchema = z.object({
  countryName: z.string().trim().min(1, 'countryName is required').max(128),
});
export const regionsResponseSchema = z.array(z.object({ region: z.string() }));
export const citiesQuerySchema = z.object({
  countryName: z.string().trim().min(1, 'countryName is required').max(128),
  region: z.string().trim().min(1, 'region is required').max(128),
});
export const citiesResponseSchema = z.array(z.object({ city: z.string() }));
export type Country = z.infer<typeof countriesResponseSchema>[number];
