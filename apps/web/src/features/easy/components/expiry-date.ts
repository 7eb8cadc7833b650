/**
 * A subscription ends at the end of its day in UTC, so the day is the date part of the stored
 * time; formatting it in the browser's zone would show the next day east of Greenwich.
 */
export function expiryDay(iso: string): string {
  return iso.slice(0, 10);
}

/** The table's month/day/year, or 'N/A' without an expiry (part 2 §2). */
export function formatExpiry(iso: string | null): string {
  if (!iso) return 'N/A';
  const [year, month, day] = expiryDay(iso).split('-');
  return `${Number(month)}/${Number(day)}/${String(year)}`;
}
