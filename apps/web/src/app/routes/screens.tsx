import { lazy, type ReactNode } from 'react';
import type { PROTECTED_ROUTES, PROTECTED_SUBROUTES } from '@ed/contract/web-routes';
import { loading } from './loading';

// Screens load on first visit, so the sign-in page does not carry the data grid and charts.
const HomePage = lazy(() =>
  import('../../features/dashboard/components/home-page').then((m) => ({ default: m.HomePage })),
);
const EquipmentPage = lazy(() => import('../equipment/equipment-screen').then((m) => ({ default: m.EquipmentScreen })));
const SupportTicketsPage = lazy(() =>
  import('../../features/tickets/components/support-tickets-page').then((m) => ({ default: m.SupportTicketsPage })),
);
const AiKnowPage = lazy(() =>
  import('../../features/ai-know/components/ai-know-page').then((m) => ({ default: m.AiKnowPage })),
);
const CameraCalPage = lazy(() =>
  import('../../features/camera-cal/components/camera-cal-page').then((m) => ({ default: m.CameraCalPage })),
);
export const GraphPage = lazy(() =>
  import('../../features/trend/components/graph-page').then((m) => ({ default: m.GraphPage })),
);
const TrendChartPage = lazy(() =>
  import('../../features/trend/components/trend-chart-page').then((m) => ({ default: m.TrendChartPage })),
);
const RadarPage = lazy(() =>
  import('../../features/radar/components/radar-page').then((m) => ({ default: m.RadarPage })),
);
const EasyPage = lazy(() => import('../../features/easy/components/easy-page').then((m) => ({ default: m.EasyPage })));
const TruPointPage = lazy(() =>
  import('../../features/trupoint/components/trupoint-page').then((m) => ({ default: m.TruPointPage })),
);
const UsersPage = lazy(() =>
  import('../../features/users/components/users-page').then((m) => ({ default: m.UsersPage })),
);
const NotificationsPage = lazy(() =>
  import('../../features/notifications/components/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const MessagingPage = lazy(() =>
  import('../../features/messages/components/messaging-page').then((m) => ({ default: m.MessagingPage })),
);
const AuditsPage = lazy(() =>
  import('../../features/audits/components/audits-page').then((m) => ({ default: m.AuditsPage })),
);
const SoftwareVersionsPage = lazy(() =>
  import('../../features/software/components/software-versions-page').then((m) => ({
    default: m.SoftwareVersionsPage,
  })),
);
const SpecUpdatesPage = lazy(() =>
  import('../../features/specs/components/spec-updates-page').then((m) => ({ default: m.SpecUpdatesPage })),
);
const UpdateSchedulerPage = lazy(() =>
  import('../../features/software/components/update-scheduler-page').then((m) => ({ default: m.UpdateSchedulerPage })),
);
const UnitClaimsPage = lazy(() =>
  import('../../features/unit-claims/components/unit-claims-page').then((m) => ({ default: m.UnitClaimsPage })),
);
const RolloutsPage = lazy(() =>
  import('../../features/rollouts/components/rollouts-page').then((m) => ({ default: m.RolloutsPage })),
);
const AlarmsPage = lazy(() =>
  import('../../features/alarms/components/alarms-page').then((m) => ({ default: m.AlarmsPage })),
);
const FleetMapPage = lazy(() =>
  import('../../features/fleet-map/components/fleet-map-page').then((m) => ({ default: m.FleetMapPage })),
);
const WebhooksPage = lazy(() =>
  import('../../features/webhooks/components/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
);
const RolloutDetailPage = lazy(() =>
  import('../../features/rollouts/components/rollout-detail').then((m) => ({ default: m.RolloutDetailPage })),
);

type ScreenPath = (typeof PROTECTED_ROUTES)[number] | (typeof PROTECTED_SUBROUTES)[number];

/** The screens built so far; every other protected route says "Not available yet". */
export const SCREENS: Partial<Record<ScreenPath, ReactNode>> = {
  '/': loading(<HomePage />),
  '/Aligners': loading(<EquipmentPage />),
  '/Radar': loading(<RadarPage />),
  '/SupportTickets': loading(<SupportTicketsPage />),
  '/Easy': loading(<EasyPage />),
  '/TruPoint': loading(<TruPointPage />),
  '/Users': loading(<UsersPage />),
  '/Notifications': loading(<NotificationsPage />),
  '/Messaging': loading(<MessagingPage />),
  '/Audits': loading(<AuditsPage />),
  '/CameraCal': loading(<CameraCalPage />),
  '/TrendChart': loading(<TrendChartPage />),
  '/AIKnow': loading(<AiKnowPage />),
  '/SoftwareUpdates': loading(<SoftwareVersionsPage />),
  '/UpdateScheduler': loading(<UpdateSchedulerPage />),
  '/SpecUpdates': loading(<SpecUpdatesPage />),
  '/UnitClaims': loading(<UnitClaimsPage />),
  '/Rollouts': loading(<RolloutsPage />),
  '/Rollouts/new': loading(<RolloutsPage creating />),
  '/Rollouts/:id': loading(<RolloutDetailPage />),
  '/FleetMap': loading(<FleetMapPage />),
  '/Alarms': loading(<AlarmsPage />),
  '/Webhooks': loading(<WebhooksPage />),
};
