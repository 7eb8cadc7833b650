import type { CameraCalibration, PairingMessage, StateMessage, StatusMessage } from './device-protocol.js';
import { DEVICE_PROTOCOL_VERSION, sectionLink, type DeviceErrorMessage } from './device-errors.js';

/**
 * The examples of the published device protocol (device-asyncapi.ts). Typed by the contract, and
 * each is parsed by its zod schema in device-asyncapi.test.ts: an example a firmware team copies
 * must be one the server takes.
 */
export const EXAMPLE_SERIAL = 'V33CQ0123';
/** A connection's sequence, taken as `max(previous + 1, now in ms)`. */
const SEQ = 1_764_321_000_000;
export const EXAMPLE_INSTANCE = '0b7c5e52-6d1a-4f0e-9a3b-2c4d5e6f7a81';
export const PAIRING_ID = 'a6e1c2d3-4b5f-4a7e-9c8d-0e1f2a3b4c5d';

export const statusExamples: { name: string; summary: string; payload: StatusMessage }[] = [
  {
    name: 'birth',
    summary: 'The birth after connecting, repeated every 60 s as the heartbeat',
    payload: { online: true, seq: SEQ, heartbeatSeconds: 60, stateSeq: SEQ + 1 },
  },
  {
    name: 'lastWill',
    summary: 'The last will set at CONNECT (and the death before a clean disconnect)',
    payload: { online: false, seq: SEQ, heartbeatSeconds: 60 },
  },
];

const idleUpdate = {
  state: 'TRY_INSERT_UPDATE',
  downloading: { software: false, specs: false },
  downloadProgress: { software: null, specs: null },
  installing: { software: false, specs: false },
  installProgress: { software: null, specs: null },
  softwareUpdateDownload: null,
};

export const stateExamples: { name: string; summary: string; payload: StateMessage }[] = [
  {
    name: 'fullState',
    summary: 'The full state, published after each birth',
    payload: {
      version: { semantic: '5.1.0', meta: null },
      family: 'aligner',
      systemClass: 'DRAGON',
      boardClass: 'DRB-3',
      logLevel: 'WARN',
      boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: false },
      specs: { name: 'NA Vehicle Specs', month: 10, year: 2026 },
      specsExpiration: { month: 10, year: 2027 },
      targetType: 'AT200',
      pendingSoftwareDownload: null,
      updateState: idleUpdate,
      currentProcedure: null,
      alignmentCount: 1432,
      seq: SEQ + 1,
    },
  },
  {
    name: 'downloading',
    summary: 'Only what changed: a download in progress (at most one report a second)',
    payload: {
      pendingSoftwareDownload: '5.2.0',
      updateState: {
        ...idleUpdate,
        state: 'DOWNLOADING',
        downloading: { software: true, specs: false },
        downloadProgress: {
          software: {
            currentFile: 'aligner-5.2.0.pkg',
            filesTransferred: 1,
            totalFilesToTransfer: 4,
            fileProgress: {
              bytesTransferred: 52_428_800,
              progress: 41.7,
              transferRate: 1_572_864,
              estimatedTimeRemaining: 47,
            },
          },
          specs: null,
        },
      },
      seq: SEQ + 2,
    },
  },
  {
    name: 'procedure',
    summary: 'An operator started an alignment',
    payload: { currentProcedure: 'Alignment', seq: SEQ + 3 },
  },
];

const board = (serial: string) => ({
  SerialNumber: serial,
  RMSEValidAccel: 0.012,
  AccelCal: { Offsets: [0.01, -0.02, 0.005], Gain: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
  RMSEValidCCS_ACS: 0.034,
  CCS_ACSCal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  RMSEValidCamCal: 0.21,
  CameraCal: {
    image_rows: 1024,
    image_cols: 1280,
    image_chans: 1,
    pixel_size_um: 4.8,
    cx: 640.2,
    cy: 511.7,
    flen_pixels: 2604.1,
    flen_mm: 12.5,
    IM: [
      [2604.1, 0, 640.2],
      [0, 2604.1, 511.7],
      [0, 0, 1],
    ],
    dist_coeffs: [-0.12, 0.08, 0.0004, -0.0002, 0],
  },
});

export const calibrationExample: CameraCalibration = {
  Operator: 'J. Rivera',
  Version: '5.1.0',
  Date: '2026-11-27T14:05:00.000Z',
  AccelCalTime: '2026-11-27T13:58:10.000Z',
  CCS_ACSTime: '2026-11-27T14:01:30.000Z',
  camCalTime: '2026-11-27T14:04:45.000Z',
  LeftBoards: [board('LB0042137')],
  RightBoards: [board('RB0042138')],
};

export const pairingExamples: { name: string; summary: string; payload: PairingMessage }[] = [
  {
    name: 'calibration',
    summary: 'One calibration of the pairing ran',
    payload: {
      pairingId: PAIRING_ID,
      event: 'calibration',
      calibration: { name: 'Runout Compensation', state: 'Done', passed: true, reportMessage: null },
    },
  },
  { name: 'completed', summary: 'Every calibration ran', payload: { pairingId: PAIRING_ID, event: 'completed' } },
];

export const errorExample = (root: string): DeviceErrorMessage => ({
  protocolVersion: DEVICE_PROTOCOL_VERSION,
  topic: `${root}/${EXAMPLE_SERIAL}/state`,
  reason: 'invalid',
  problems: [{ path: 'updateState', message: 'Must be an object (got string "idle").' }],
  section: sectionLink('stateReports'),
  at: '2026-11-28T09:30:00.000Z',
});
