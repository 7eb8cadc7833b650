/** Transfer figures of the update status as people read them. */

const UNITS = ['B', 'KB', 'MB', 'GB'];

export function bytesText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${String(UNITS[unit])}`;
}

export const rateText = (bytesPerSecond: number): string => `${bytesText(bytesPerSecond)}/s`;

/** Seconds as m:ss, or h:mm:ss past an hour. */
export function durationText(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
