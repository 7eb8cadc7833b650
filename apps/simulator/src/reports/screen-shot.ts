import sharp from 'sharp';
import type { Prng } from '../prng.js';
import { bitmapText, fontText, systemFontAvailable, type SvgText } from './svg-text.js';

export const SCREEN = { width: 1280, height: 720 } as const;

export interface ScreenContent {
  title: string;
  serialNumber: string;
  version: string;
  specs: string;
  targetType: string;
  procedure: string | null;
  alignmentCount: number;
  now: Date;
}

interface Reading {
  label: string;
  value: number;
  min: number;
  max: number;
}

const VEHICLES = [
  '2021 Toyota Camry SE',
  '2019 Ford F-150 XLT',
  '2022 Volkswagen Golf 1.5 TSI',
  '2020 Honda CR-V EX',
  '2023 Tesla Model 3',
  '2018 BMW 330i xDrive',
  '2024 Hyundai Tucson',
  '2017 Chevrolet Silverado 1500',
  '2022 Renault Clio V',
  '2021 Mercedes-Benz C 200',
];

const WHEELS = ['Left Front', 'Right Front', 'Left Rear', 'Right Rear'] as const;

function readings(prng: Prng, front: boolean): Reading[] {
  const reading = (label: string, center: number, spread: number, min: number, max: number): Reading => ({
    label,
    value: Math.round((center + prng.float(-spread, spread)) * 100) / 100,
    min,
    max,
  });
  return [
    reading('Camber', -0.5, 0.8, -1.0, 0.0),
    front ? reading('Caster', 5.5, 1.1, 4.5, 6.5) : reading('Thrust', 0, 0.25, -0.15, 0.15),
    reading('Toe', 0.1, 0.16, 0.0, 0.2),
  ];
}

/** One wheel's box: its three readings with a bar that shows where each sits against its spec. */
function wheelPanel(text: SvgText, x: number, y: number, wheel: string, values: Reading[]): string {
  const rows = values.map((reading, index) => {
    const top = y + 72 + index * 42;
    const inSpec = reading.value >= reading.min && reading.value <= reading.max;
    const span = (reading.max - reading.min) * 3;
    const lo = reading.min - span / 3;
    const position = Math.min(1, Math.max(0, (reading.value - lo) / span));
    return [
      text(x + 20, top, 20, reading.label, '#cfd8e3'),
      text(x + 250, top, 22, `${reading.value.toFixed(2)}°`, inSpec ? '#7ddc8a' : '#ff7b72', 'end'),
      `<rect x="${x + 290}" y="${top - 14}" width="280" height="10" rx="5" fill="#2f3d4d"/>`,
      `<rect x="${x + 290 + 280 / 3}" y="${top - 14}" width="${280 / 3}" height="10" fill="#2e7d46"/>`,
      `<circle cx="${x + 290 + position * 280}" cy="${top - 9}" r="9" fill="${inSpec ? '#7ddc8a' : '#ff5a4f'}"/>`,
    ].join('');
  });
  return (
    `<rect x="${x}" y="${y}" width="600" height="200" rx="10" fill="#1b2633" stroke="#2f3d4d"/>` +
    text(x + 20, y + 34, 22, wheel, '#ffffff') +
    rows.join('')
  );
}

const pad = (n: number): string => String(n).padStart(2, '0');
const formatTime = (d: Date): string =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;

/** The alignment console's screen as SVG: header with model and clock, job, four wheels, footer. */
export function screenSvg(content: ScreenContent, prng: Prng, text: SvgText): string {
  const { width, height } = SCREEN;
  const panels = WHEELS.map((wheel, index) =>
    wheelPanel(text, 24 + (index % 2) * 632, 214 + Math.floor(index / 2) * 224, wheel, readings(prng, index < 2)),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#121a24"/>`,
    `<rect width="${width}" height="64" fill="#0d5ea6"/>`,
    text(24, 42, 26, content.title, '#ffffff'),
    text(width - 24, 42, 22, formatTime(content.now), '#ffffff', 'end'),
    `<rect y="64" width="${width}" height="40" fill="#1d2b3a"/>`,
    text(24, 91, 18, `Serial ${content.serialNumber}`, '#cfd8e3'),
    text(300, 91, 18, `Software ${content.version}`, '#cfd8e3'),
    text(560, 91, 18, `Specs ${content.specs}`, '#cfd8e3'),
    text(820, 91, 18, `Targets ${content.targetType}`, '#cfd8e3'),
    text(24, 152, 32, content.procedure ?? 'Ready', '#ffffff'),
    text(24, 188, 20, content.procedure ? prng.pick(VEHICLES) : 'Select a vehicle to begin', '#9fb3c8'),
    ...panels,
    text(24, 698, 16, `Alignments ${content.alignmentCount}`, '#7f93a8'),
    text(width - 24, 698, 16, 'Remote support session active', '#7f93a8', 'end'),
    '</svg>',
  ].join('');
}

/** A PNG of the screen; text with the system font when there is one, else with the built-in one. */
export async function renderScreenShot(
  content: ScreenContent,
  prng: Prng,
  textMode?: 'font' | 'bitmap',
): Promise<Buffer> {
  const mode = textMode ?? ((await systemFontAvailable()) ? 'font' : 'bitmap');
  const svg = screenSvg(content, prng, mode === 'font' ? fontText : bitmapText);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}
