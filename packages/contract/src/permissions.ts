import type { Family } from './families.js';
import type { Role } from './roles.js';
import { atLeast, isOlder } from './versions.js';

/**
 * One source of truth for "may this user do X (on this unit)".
 * The web app hides what these functions refuse; the server answers 403 for the same.
 * Rules are data (role lists, unit predicates) plus small functions that read them.
 */

export type RoleList = readonly Role[];

/** Role-only capabilities (part 1 §6, part 2 §6, and the decisions in docs/decisions.md). */
export const PERMISSIONS = {
  'equipment.openPort': ['admin', 'engineer'],
  'equipment.changeTargets': ['admin', 'engineer', 'support_lvl2'],
  'equipment.clearUpdates': ['admin', 'engineer', 'support_lvl2'],
  'equipment.delete': ['admin', 'engineer'],
  'services.restart': ['admin'],
  'software.createUpdate': ['admin', 'engineer'],
  'software.scheduleUpdates': ['admin', 'engineer'],
  /** The release keys packages are checked with (docs/signed-updates.md); rotating them is admin's. */
  'software.readReleaseKeys': ['admin', 'engineer'],
  'software.rotateReleaseRoot': ['admin'],
  'updateScheduler.read': ['admin', 'engineer', 'support_lvl2'],
  'specs.manage': ['admin', 'engineer'],
  'easy.use': ['admin', 'engineer', 'ezadas', 'support_lvl2'],
  'easy.manageTargets': ['admin', 'engineer'],
  'truPoint.read': ['admin', 'engineer', 'support_lvl2', 'support'],
  'vendors.manage': ['admin'],
  'notifications.manage': ['admin', 'engineer'],
  'users.manage': ['admin'],
  'messaging.use': ['admin', 'engineer'],
  'messages.approve': ['admin', 'engineer'],
  /** Approve a message one wrote oneself: four eyes overridden, on the audit record. */
  'messages.approveOwn': ['admin'],
  'audits.read': ['admin'],
  /** The spec's "maps" menu item: the live fleet map (docs/fleet-map.md). */
  'maps.read': ['admin'],
  /** Approve a unit's claim to a serial number that has a credential (docs/device-protocol.md). */
  'units.decideClaims': ['admin'],
  /** What a unit sent that the server refused, and why (docs/device-protocol.md, "Refused messages"). */
  'units.readRefusals': ['admin'],
  /** Create, start, resume and cancel rollouts (docs/rollouts.md). */
  'rollouts.manage': ['admin', 'engineer'],
  /** Alarms (docs/alarms.md): seen and acknowledged by the staff who look after units; rules by admin and engineer. */
  'alarms.read': ['admin', 'engineer', 'support_lvl2', 'support'],
  'alarms.manage': ['admin', 'engineer'],
  /** Diagnostic snapshots (docs/diagnostics.md): the staff who work tickets. */
  'diagnostics.collect': ['admin', 'engineer', 'support_lvl2', 'support'],
  /** Anyone who sees the harm may stop a rollout. */
  'rollouts.pause': ['admin', 'engineer', 'support_lvl2'],
  /** Signed outbound webhooks (docs/operations.md): they send the fleet's events out of the console. */
  'webhooks.manage': ['admin'],
} as const satisfies Record<string, RoleList>;

export type Permission = keyof typeof PERMISSIONS;

export function hasPermission(role: Role, permission: Permission): boolean {
  const allowed: RoleList = PERMISSIONS[permission];
  return allowed.includes(role);
}

export interface MenuItem {
  key: string;
  path: string;
  title: string;
  /** Absent: every signed-in user sees it. */
  permission?: Permission;
}

/** The navigation menu in display order (part 1 §2, part 2 §2). */
export const MENU = [
  { key: 'dashboard', path: '/', title: 'Dashboard' },
  { key: 'aligners', path: '/Aligners', title: 'Equipment' },
  { key: 'radar', path: '/Radar', title: 'My Radar' },
  { key: 'supportTickets', path: '/SupportTickets', title: 'Support Tickets' },
  { key: 'cameraCal', path: '/CameraCal', title: 'Camera Calibrations' },
  { key: 'softwareUpdates', path: '/SoftwareUpdates', title: 'Software Updates' },
  { key: 'specUpdates', path: '/SpecUpdates', title: 'Spec Updates' },
  { key: 'updateScheduler', path: '/UpdateScheduler', title: 'Update Scheduler', permission: 'updateScheduler.read' },
  { key: 'rollouts', path: '/Rollouts', title: 'Rollouts' },
  { key: 'alarms', path: '/Alarms', title: 'Alarms', permission: 'alarms.read' },
  { key: 'trendChart', path: '/TrendChart', title: 'Trend Chart' },
  { key: 'easy', path: '/Easy', title: 'EZ ADAS', permission: 'easy.use' },
  { key: 'notifications', path: '/Notifications', title: 'Notifications / Ads', permission: 'notifications.manage' },
  { key: 'truPoint', path: '/TruPoint', title: 'Tru-Point', permission: 'truPoint.read' },
  { key: 'messaging', path: '/Messaging', title: 'Messaging', permission: 'messaging.use' },
  { key: 'aiKnow', path: '/AIKnow', title: 'AI Assistant' },
  { key: 'users', path: '/Users', title: 'Users', permission: 'users.manage' },
  { key: 'audits', path: '/Audits', title: 'Audits', permission: 'audits.read' },
  { key: 'unitClaims', path: '/UnitClaims', title: 'Unit Claims', permission: 'units.decideClaims' },
  { key: 'webhooks', path: '/Webhooks', title: 'Webhooks', permission: 'webhooks.manage' },
  { key: 'fleetMap', path: '/FleetMap', title: 'Fleet Map', permission: 'maps.read' },
] as const satisfies readonly MenuItem[];

export function canSeeMenuItem(role: Role, item: MenuItem): boolean {
  return item.permission === undefined || hasPermission(role, item.permission);
}

export function visibleMenu(role: Role): MenuItem[] {
  return MENU.filter((item) => canSeeMenuItem(role, item));
}

/** The facts about a unit that the gates read; the equipment record satisfies it. */
export interface UnitFacts {
  family: Family;
  version: { semantic: string } | null;
  systemClass?: string | null;
  boardFeatures?: { numCameras?: number | null; isDDAligner?: boolean | null } | null;
  pendingSoftwareDownload?: string | null;
  updateState?: { softwareUpdateDownload?: { version?: { semantic?: string | null } | null } | null } | null;
}

const semantic = (unit: UnitFacts): string | null => unit.version?.semantic ?? null;
const isAligner = (unit: UnitFacts): boolean => unit.family === 'aligner';
const DRAGON_CLASSES = ['DRAGON', 'DRAGON_HEADLESS'];

/** Unit predicates of part 1 §6, one per rule. */
export const unitRules = {
  rcp: (u: UnitFacts) => atLeast(semantic(u), '5.0.0') && u.boardFeatures?.isDDAligner === true,
  resetSerial: (u: UnitFacts) => !isAligner(u) || atLeast(semantic(u), '4.3.0'),
  changeTargets: (u: UnitFacts) => u.boardFeatures?.numCameras === 2 && DRAGON_CLASSES.includes(u.systemClass ?? ''),
  activate: (u: UnitFacts) => !isAligner(u) || atLeast(semantic(u), '4.4.0'),
  screenShot: (u: UnitFacts) => {
    if (u.family === 'aligner') return atLeast(semantic(u), '4.3.0') && u.systemClass !== 'DRAGON_HEADLESS';
    return atLeast(semantic(u), '1.0.0');
  },
  loggingLevel: (u: UnitFacts) => {
    if (u.family === 'aligner-oasis') return atLeast(semantic(u), '1.0.0');
    if (u.family === 'gtps') return atLeast(semantic(u), '1.2.0');
    return atLeast(semantic(u), '5.0.0');
  },
  specsDisplay: (u: UnitFacts) => atLeast(semantic(u), u.family === 'gtps' ? '1.3.0' : '5.0.0'),
  boardFeatures: (u: UnitFacts) => atLeast(semantic(u), '5.0.0'),
  updateStatus: (u: UnitFacts) => {
    if (u.family === 'aligner') return atLeast(semantic(u), '4.3.0');
    if (u.family === 'gtps') return atLeast(semantic(u), '1.0.0');
    return false;
  },
  /** The USB, Printer and Voltages buttons are off for everyone (part 1 §6). */
  reportButtons: (_u: UnitFacts) => false,
} as const;

export interface ControlRule {
  permission?: Permission;
  unit?: keyof typeof unitRules;
}

/** Every gated control of the equipment detail (part 1 §6). */
export const CONTROLS = {
  openPort: { permission: 'equipment.openPort' },
  rcp: { permission: 'equipment.openPort', unit: 'rcp' },
  resetSerial: { permission: 'equipment.openPort', unit: 'resetSerial' },
  changeTargets: { permission: 'equipment.changeTargets', unit: 'changeTargets' },
  clearUpdates: { permission: 'equipment.clearUpdates' },
  activate: { unit: 'activate' },
  screenShot: { unit: 'screenShot' },
  loggingLevel: { unit: 'loggingLevel' },
  updateCommands: { unit: 'updateStatus' },
  usbReport: { unit: 'reportButtons' },
  printerReport: { unit: 'reportButtons' },
  voltagesReport: { unit: 'reportButtons' },
  openTicket: {},
  deleteEquipment: { permission: 'equipment.delete' },
} as const satisfies Record<string, ControlRule>;

export type Control = keyof typeof CONTROLS;

/** May a user with `role` use `control` on `unit`? */
export function mayUseControl(role: Role, control: Control, unit: UnitFacts): boolean {
  const rule: ControlRule = CONTROLS[control];
  if (rule.permission && !hasPermission(role, rule.permission)) return false;
  return rule.unit === undefined || unitRules[rule.unit](unit);
}

/** Stage is offered when everything on the unit is below its family's latest (part 1 §4). */
export function canStage(unit: UnitFacts, latest: string | null | undefined): boolean {
  if (!latest) return false;
  if (isAligner(unit) && !atLeast(semantic(unit), '4.0.0')) return false;
  const downloaded = unit.updateState?.softwareUpdateDownload?.version?.semantic ?? null;
  const belowLatest = (v: string | null | undefined) => !v || isOlder(v, latest);
  return isOlder(semantic(unit), latest) && belowLatest(unit.pendingSoftwareDownload) && belowLatest(downloaded);
}

export function canUnstage(unit: UnitFacts): boolean {
  return Boolean(unit.pendingSoftwareDownload);
}
