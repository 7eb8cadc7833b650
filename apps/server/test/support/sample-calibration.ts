import type { CameraCalibration } from '@ed/contract/device-protocol';

const identity = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

const board = (serial: string) => ({
  SerialNumber: serial,
  RMSEValidAccel: 0.0021,
  AccelCal: { Offsets: [0.01, -0.02, 0.003], Gain: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
  RMSEValidCCS_ACS: 0.0013,
  CCS_ACSCal: identity,
  RMSEValidCamCal: 0.18,
  CameraCal: {
    image_rows: 1200,
    image_cols: 1600,
    image_chans: 1,
    pixel_size_um: 4.5,
    cx: 801.2,
    cy: 598.7,
    flen_pixels: 2730.5,
    flen_mm: 12.29,
    IM: [
      [2730.5, 0, 801.2],
      [0, 2730.5, 598.7],
      [0, 0, 1],
    ],
    dist_coeffs: [-0.12, 0.08, 0.0004, -0.0002, 0.01],
  },
});

/** A camera calibration record as a unit reports it. */
export const sampleCalibration = (date: string): CameraCalibration => ({
  Operator: 'J. Smith',
  Version: '5.1.0',
  Date: date,
  AccelCalTime: date,
  CCS_ACSTime: date,
  camCalTime: date,
  LeftBoards: [board('LB1001')],
  RightBoards: [board('RB2002')],
});
