import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { calibrationBoardSchema } from '@ed/contract/device-protocol';
import type { z } from 'zod';
import { formatNumber, MatrixTable, toRows } from './matrix-table';

type Board = z.infer<typeof calibrationBoardSchema>;

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 170 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ flex: '1 1 300px' }}>
      <Typography variant="subtitle2" component="h4" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={0.5}>{children}</Stack>
    </Box>
  );
}

/** One camera board of a calibration: its accelerometer, CCS-to-ACS and camera calibrations. */
export function BoardDetails({ side, index, board }: { side: string; index: number; board: Board }) {
  const cam = board.CameraCal;
  const name = `${side} board ${index} (${board.SerialNumber})`;
  return (
    <Box component="article" aria-label={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {side} board {index}: {board.SerialNumber}
      </Typography>
      <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Part title="Accelerometer calibration">
          <Value label="RMS validation">{formatNumber(board.RMSEValidAccel)}</Value>
          <Value label="Offsets">{board.AccelCal.Offsets.map(formatNumber).join(', ')}</Value>
          <Value label="Gains">
            <MatrixTable label={`${name} accelerometer gains`} rows={toRows(board.AccelCal.Gain)} />
          </Value>
        </Part>
        <Part title="CCS to ACS calibration">
          <Value label="RMS validation">{formatNumber(board.RMSEValidCCS_ACS)}</Value>
          <Value label="Transformation">
            <MatrixTable label={`${name} CCS to ACS transformation`} rows={board.CCS_ACSCal} />
          </Value>
        </Part>
        <Part title="Camera calibration">
          <Value label="RMS validation">{formatNumber(board.RMSEValidCamCal)}</Value>
          <Value label="Image rows × columns × channels">
            {cam.image_rows} × {cam.image_cols} × {cam.image_chans}
          </Value>
          <Value label="Pixel size">{formatNumber(cam.pixel_size_um)} µm</Value>
          <Value label="Centre (x, y)">
            {formatNumber(cam.cx)}, {formatNumber(cam.cy)}
          </Value>
          <Value label="Focal length">
            {formatNumber(cam.flen_pixels)} px, {formatNumber(cam.flen_mm)} mm
          </Value>
          <Value label="Intrinsic matrix">
            <MatrixTable label={`${name} intrinsic matrix`} rows={cam.IM} />
          </Value>
          <Value label="Distortion coefficients">
            <MatrixTable label={`${name} distortion coefficients`} rows={[cam.dist_coeffs]} />
          </Value>
        </Part>
      </Stack>
    </Box>
  );
}
