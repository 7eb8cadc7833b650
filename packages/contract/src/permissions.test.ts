import { describe, expect, it } from 'vitest';
import {
  canStage,
  canUnstage,
  hasPermission,
  mayUseControl,
  type Permission,
  type UnitFacts,
  visibleMenu,
} from './permissions.js';
import { ROLES, type Role } from './roles.js';

// Columns: admin, engineer, support_lvl2, support, tech, ezadas, guest.
const PERMISSION_TABLE: Record<Permission, string> = {
  'equipment.openPort': 'YY-----',
  'equipment.changeTargets': 'YYY----',
  'equipment.clearUpdates': 'YYY----',
  'equipment.delete': 'YY-----',
  'services.restart': 'Y------',
  'software.createUpdate': 'YY-----',
  'software.scheduleUpdates': 'YY-----',
  'software.readReleaseKeys': 'YY-----',
  'software.rotateReleaseRoot': 'Y------',
  'updateScheduler.read': 'YYY----',
  'specs.manage': 'YY-----',
  'easy.use': 'YYY--Y-',
  'easy.manageTargets': 'YY-----',
  'truPoint.read': 'YYYY---',
  'vendors.manage': 'Y------',
  'notifications.manage': 'YY-----',
  'users.manage': 'Y------',
  'messaging.use': 'YY-----',
  'messages.approve': 'YY-----',
  'messages.approveOwn': 'Y------',
  'audits.read': 'Y------',
  'maps.read': 'Y------',
  'units.decideClaims': 'Y------',
  'units.readRefusals': 'Y------',
  'rollouts.manage': 'YY-----',
  'rollouts.pause': 'YYY----',
  'alarms.read': 'YYYY---',
  'alarms.manage': 'YY-----',
  'diagnostics.collect': 'YYYY---',
  'webhooks.manage': 'Y------',
};

describe('role permissions', () => {
  const rows = Object.entries(PERMISSION_TABLE).flatMap(([permission, mask]) =>
    ROLES.map((role, i) => [permission as Permission, role, mask[i] === 'Y'] as const),
  );
  it.each(rows)('%s for %s is %s', (permission, role, expected) => {
    expect(hasPermission(role, permission)).toBe(expected);
  });
});

describe('menu visibility (part 1 §6)', () => {
  const menuKeys = (role: Role) => visibleMenu(role).map((m) => m.key);
  const everyone = [
    'dashboard',
    'aligners',
    'radar',
    'supportTickets',
    'cameraCal',
    'softwareUpdates',
    'specUpdates',
    'trendChart',
    'aiKnow',
    'rollouts',
  ];
  it.each<[Role, string[]]>([
    [
      'admin',
      [
        ...everyone,
        'updateScheduler',
        'easy',
        'notifications',
        'truPoint',
        'messaging',
        'users',
        'audits',
        'unitClaims',
        'fleetMap',
        'alarms',
        'webhooks',
      ],
    ],
    ['engineer', [...everyone, 'updateScheduler', 'easy', 'notifications', 'truPoint', 'messaging', 'alarms']],
    ['support_lvl2', [...everyone, 'updateScheduler', 'easy', 'truPoint', 'alarms']],
    ['support', [...everyone, 'truPoint', 'alarms']],
    ['tech', everyone],
    ['ezadas', [...everyone, 'easy']],
    ['guest', everyone],
  ])('%s sees exactly its items', (role, expected) => {
    expect(menuKeys(role).sort()).toEqual([...expected].sort());
  });
});

const unit = (over: Partial<UnitFacts> & { v?: string }): UnitFacts => ({
  family: 'aligner',
  version: over.v === undefined ? { semantic: '5.0.0' } : { semantic: over.v },
  systemClass: 'DRAGON',
  boardFeatures: { numCameras: 2, isDDAligner: true },
  ...over,
});

describe('equipment detail gates (part 1 §6)', () => {
  it.each<[string, Parameters<typeof mayUseControl>[1], Role, UnitFacts, boolean]>([
    ['open port: engineer', 'openPort', 'engineer', unit({}), true],
    ['open port: support_lvl2', 'openPort', 'support_lvl2', unit({}), false],
    ['rcp at 5.0.0 with DD', 'rcp', 'admin', unit({ v: '5.0.0' }), true],
    ['rcp at 4.9.9', 'rcp', 'admin', unit({ v: '4.9.9' }), false],
    ['rcp without DD', 'rcp', 'admin', unit({ boardFeatures: { numCameras: 2, isDDAligner: false } }), false],
    ['rcp for support', 'rcp', 'support', unit({}), false],
    ['reset serial aligner 4.3.0', 'resetSerial', 'admin', unit({ v: '4.3.0' }), true],
    ['reset serial aligner 4.2.9', 'resetSerial', 'admin', unit({ v: '4.2.9' }), false],
    ['reset serial gtps any version', 'resetSerial', 'engineer', unit({ family: 'gtps', v: '0.9.0' }), true],
    ['reset serial oasis for support', 'resetSerial', 'support', unit({ family: 'aligner-oasis' }), false],
    ['change targets support_lvl2', 'changeTargets', 'support_lvl2', unit({}), true],
    ['change targets one camera', 'changeTargets', 'admin', unit({ boardFeatures: { numCameras: 1 } }), false],
    ['change targets headless', 'changeTargets', 'admin', unit({ systemClass: 'DRAGON_HEADLESS' }), true],
    ['change targets other class', 'changeTargets', 'admin', unit({ systemClass: 'PHOENIX' }), false],
    ['clear updates support', 'clearUpdates', 'support', unit({}), false],
    ['activate 4.4.0', 'activate', 'guest', unit({ v: '4.4.0' }), true],
    ['activate 4.3.9', 'activate', 'guest', unit({ v: '4.3.9' }), false],
    ['activate gtps', 'activate', 'guest', unit({ family: 'gtps', v: '0.1.0' }), true],
    ['screen shot aligner 4.3.0', 'screenShot', 'tech', unit({ v: '4.3.0' }), true],
    ['screen shot aligner 4.2.9', 'screenShot', 'tech', unit({ v: '4.2.9' }), false],
    ['screen shot headless', 'screenShot', 'tech', unit({ systemClass: 'DRAGON_HEADLESS' }), false],
    ['screen shot gtps 1.0.0', 'screenShot', 'tech', unit({ family: 'gtps', v: '1.0.0' }), true],
    ['screen shot gtps 0.9.9', 'screenShot', 'tech', unit({ family: 'gtps', v: '0.9.9' }), false],
    ['screen shot oasis 1.0.0', 'screenShot', 'tech', unit({ family: 'aligner-oasis', v: '1.0.0' }), true],
    ['log level aligner 5.0.0', 'loggingLevel', 'tech', unit({ v: '5.0.0' }), true],
    ['log level aligner 4.9.9', 'loggingLevel', 'tech', unit({ v: '4.9.9' }), false],
    ['log level gtps 1.2.0', 'loggingLevel', 'tech', unit({ family: 'gtps', v: '1.2.0' }), true],
    ['log level gtps 1.1.9', 'loggingLevel', 'tech', unit({ family: 'gtps', v: '1.1.9' }), false],
    ['log level oasis 1.0.0', 'loggingLevel', 'tech', unit({ family: 'aligner-oasis', v: '1.0.0' }), true],
    ['update commands aligner 4.3.0', 'updateCommands', 'guest', unit({ v: '4.3.0' }), true],
    ['update commands aligner 4.2.9', 'updateCommands', 'guest', unit({ v: '4.2.9' }), false],
    ['update commands gtps 1.0.0', 'updateCommands', 'guest', unit({ family: 'gtps', v: '1.0.0' }), true],
    ['usb report for admin', 'usbReport', 'admin', unit({}), false],
    ['voltages report for admin', 'voltagesReport', 'admin', unit({}), false],
    ['open ticket for guest', 'openTicket', 'guest', unit({}), true],
    ['delete for engineer', 'deleteEquipment', 'engineer', unit({}), true],
    ['delete for support', 'deleteEquipment', 'support', unit({}), false],
  ])('%s', (_name, control, role, facts, expected) => {
    expect(mayUseControl(role, control, facts)).toBe(expected);
  });
});

describe('staging (part 1 §4)', () => {
  it.each<[string, UnitFacts, string | null, boolean]>([
    ['below latest', unit({ v: '5.0.0' }), '5.1.0', true],
    ['at latest', unit({ v: '5.1.0' }), '5.1.0', false],
    ['aligner below 4.0.0', unit({ v: '3.9.9' }), '5.1.0', false],
    ['aligner at 4.0.0', unit({ v: '4.0.0' }), '5.1.0', true],
    ['gtps below 4.0.0 is fine', unit({ family: 'gtps', v: '1.0.0' }), '1.3.0', true],
    ['latest already pending', unit({ pendingSoftwareDownload: '5.1.0' }), '5.1.0', false],
    ['older pending', unit({ pendingSoftwareDownload: '5.0.5' }), '5.1.0', true],
    [
      'latest already downloaded',
      unit({ updateState: { softwareUpdateDownload: { version: { semantic: '5.1.0' } } } }),
      '5.1.0',
      false,
    ],
    ['no latest known', unit({}), null, false],
  ])('stage %s', (_name, facts, latest, expected) => {
    expect(canStage(facts, latest)).toBe(expected);
  });

  it('offers unstage only with a pending download', () => {
    expect(canUnstage(unit({ pendingSoftwareDownload: '5.1.0' }))).toBe(true);
    expect(canUnstage(unit({ pendingSoftwareDownload: null }))).toBe(false);
  });
});
