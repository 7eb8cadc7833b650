/**
 * The route table of part 2 §2 (history mode). The web app routes by it and the
 * server answers these paths with the app's index page; anything else is a JSON 404.
 */
const PUBLIC_ROUTES = ['/login', '/request_password_reset', '/reset_password'] as const;

export const PROTECTED_ROUTES = [
  '/',
  '/Aligners',
  '/Radar',
  '/TrendChart',
  '/Easy',
  '/TruPoint',
  '/SupportTickets',
  '/Audits',
  '/SoftwareUpdates',
  '/SpecUpdates',
  '/UpdateScheduler',
  '/Users',
  '/Notifications',
  '/Messaging',
  '/CameraCal',
  '/AIKnow',
  '/UnitClaims',
  '/Rollouts',
  '/FleetMap',
  '/Alarms',
  '/Webhooks',
] as const;

/** Addresses under a screen, for deep links: a rollout's create wizard and one rollout; one's second factors. */
export const PROTECTED_SUBROUTES = ['/Rollouts/new', '/Rollouts/:id', '/Account/TwoStep'] as const;
const SUBROUTE_PATTERNS = PROTECTED_SUBROUTES.map((p) => new RegExp(`^${p.replace(':id', '\\d{1,9}')}$`));

/** Pages meant to be embedded (TrendChart embeds /graph): signed-in, without the console's frame. */
const EMBEDDED_ROUTES = ['/graph'] as const;

const APP_ROUTES: readonly string[] = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES, ...EMBEDDED_ROUTES];

export const isAppRoute = (path: string): boolean => {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return APP_ROUTES.includes(trimmed) || SUBROUTE_PATTERNS.some((pattern) => pattern.test(trimmed));
};
