import { z } from 'zod';
import { chosen } from './form-inputs.js';
import { viewChoiceSchema, viewIdSchema } from './saved-views.js';
import { dayRangeSchema } from './schedule.js';
import { dateInput } from './spec-inputs.js';
import { pageSchema } from './paging.js';

/** Part 2 §9: the MIME types a notification may carry and the families it may target. */
export const NOTIFICATION_MIME_TYPES = ['image/png', 'image/jpeg', 'text/html'] as const;
export const NOTIFICATION_TARGET_FAMILIES = ['aligner', 'gtps', 'all'] as const;
/** 'view' (beyond the spec): the units of a saved view, of the target family. */
const NOTIFICATION_TARGET_TYPES = ['geographic', 'view'] as const;
export const COUNTRY_REQUIRED_TEXT = 'target.country is required';
export const VIEW_REQUIRED_TEXT = 'target.viewId is required for a view target';

const optionalPlace = z
  .string()
  .trim()
  .max(128)
  .nullish()
  .transform((value) => (value ? value : null));

const notificationTargetSchema = z.object({
  family: z.enum(NOTIFICATION_TARGET_FAMILIES, { error: 'target.family must be aligner, gtps or all' }),
  country: z.string().trim().max(128).default(''),
  region: optionalPlace,
  city: optionalPlace,
  viewId: viewIdSchema.nullish().transform((id) => id ?? null),
});

/** A geographic target names its country; a view target its view. */
function checkTarget(target: { country: string; viewId: number | null }, type: string, ctx: z.RefinementCtx) {
  if (type === 'geographic' && target.country === '') {
    ctx.addIssue({ code: 'custom', message: COUNTRY_REQUIRED_TEXT, path: ['target', 'country'] });
  }
  if (type === 'view' && target.viewId === null) {
    ctx.addIssue({ code: 'custom', message: VIEW_REQUIRED_TEXT, path: ['target', 'viewId'] });
  }
}

/** POST /create/notification/v1/ (part 2 §7). */
const notificationRequestFieldsSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name is at most 200 characters'),
  resourcePath: z
    .string()
    .trim()
    .min(1, 'resourcePath is required')
    .max(2048, 'resourcePath is at most 2048 characters'),
  mimeType: z.enum(NOTIFICATION_MIME_TYPES, { error: 'mimeType must be image/png, image/jpeg or text/html' }),
  beginsOn: dateInput('beginsOn must be a date'),
  endsOn: dateInput('endsOn must be a date'),
  /** Absent: a view target when the target names a view, else geographic. */
  targetType: z.enum(NOTIFICATION_TARGET_TYPES, { error: 'targetType must be geographic or view' }).optional(),
  target: notificationTargetSchema,
});
export const createNotificationRequestSchema = notificationRequestFieldsSchema
  .transform((request) => ({
    ...request,
    targetType: request.targetType ?? (request.target.viewId === null ? 'geographic' : 'view'),
  }))
  .superRefine((request, ctx) => checkTarget(request.target, request.targetType, ctx));
export type CreateNotificationRequest = z.input<typeof createNotificationRequestSchema>;

/**
 * The Create Notification wizard's form: the time period as days, the request's fields with the
 * MIME type and family chosen in the form, and region and city left blank ('') for any.
 */
export const notificationFormSchema = z
  .object({
    period: dayRangeSchema,
    name: notificationRequestFieldsSchema.shape.name,
    mimeType: chosen(
      notificationRequestFieldsSchema.shape.mimeType,
      'mimeType must be image/png, image/jpeg or text/html',
    ),
    resourcePath: notificationRequestFieldsSchema.shape.resourcePath,
    target: notificationTargetSchema.extend({
      family: chosen(notificationTargetSchema.shape.family, 'target.family must be aligner, gtps or all'),
      viewId: viewChoiceSchema,
    }),
  })
  .superRefine((form, ctx) => checkTarget(form.target, form.target.viewId === null ? 'geographic' : 'view', ctx));

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
    /** A view target's saved view; null once the view is gone. */
    viewId: z.number().int().nullable(),
    viewName: z.string().nullable(),
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
