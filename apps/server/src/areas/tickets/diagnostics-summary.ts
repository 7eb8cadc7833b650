import type { DiagnosticItem } from '@ed/contract/diagnostics';
import type { VoltageBoard } from '@ed/contract/device-protocol';

/** One line on a voltage report: how many values are out of their range, and which (three at most). */
export function voltagesDetail(voltages: readonly VoltageBoard[]): string {
  const values = voltages.flatMap((b) => b.Parameters.map((p) => ({ board: b.BoardName, ...p })));
  const out = values.filter((p) => p.Actual < p.Min || p.Actual > p.Max);
  if (out.length === 0) return `All ${values.length} values within range`;
  const named = out
    .slice(0, 3)
    .map((p) => `${p.board} ${p.Name} ${p.Actual} (${p.Min}..${p.Max})`)
    .join('; ');
  return `${out.length} of ${values.length} values out of range: ${named}${out.length > 3 ? '; …' : ''}`;
}

/** The first line of a status report, and how many follow. */
export function statusDetail(status: string): string {
  const lines = status.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return 'Empty report';
  return lines.length === 1 ? (lines[0] ?? '') : `${lines[0] ?? ''} (and ${lines.length - 1} more lines)`;
}

/** The readable summary left on the ticket once every item is in. */
export function diagnosticsSummary(serialNumber: string, requestedBy: string, items: DiagnosticItem[]): string {
  const got = items.filter((i) => i.state === 'done');
  const missing = items.filter((i) => i.state !== 'done');
  const lines = [
    `Diagnostics of ${serialNumber}, collected for ${requestedBy}: ${got.length} of ${items.length} items.`,
    ...got.map((i) => `- ${i.label}: ${i.detail ?? 'collected'}`),
  ];
  if (missing.length > 0) {
    lines.push(`Missing: ${missing.map((i) => `${i.label} (${i.detail ?? 'no answer'})`).join(', ')}.`);
  }
  return lines.join('\n');
}
