import type { Family } from '@ed/contract/families';
import type { Prng } from '../prng.js';

const stamp = (now: Date): string =>
  now
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

/** What `lsusb` plus the unit's own checks would say about its USB devices. */
export function usbStatusReport(
  prng: Prng,
  serialNumber: string,
  family: Family,
  numCameras: number,
  now: Date,
): string {
  const lines = [`USB status report for ${serialNumber}, ${stamp(now)}`, ''];
  lines.push('Bus 001 Device 001: ID 1d6b:0002 Linux Foundation 2.0 root hub');
  lines.push('Bus 001 Device 002: ID 0424:2514 Microchip Technology USB 2.0 Hub');
  const cameras = family === 'gtps' ? ['Measuring Head Camera'] : numCameras >= 2 ? ['Left', 'Right'] : ['Main'];
  let errors = 0;
  cameras.forEach((camera, index) => {
    const dropped = prng.chance(0.07);
    if (dropped) errors += 1;
    const label = family === 'gtps' ? camera : `Camera Board ${camera}`;
    lines.push(
      dropped
        ? `Bus 001 Device 00${3 + index}: ID 2b03:0101 ${label} (ERROR: device not responding, reset 3 times)`
        : `Bus 001 Device 00${3 + index}: ID 2b03:0101 ${label} (connected, 480 Mb/s)`,
    );
  });
  lines.push('Bus 002 Device 001: ID 1d6b:0003 Linux Foundation 3.0 root hub');
  lines.push('Bus 002 Device 002: ID 046d:c52b Logitech, Inc. Unifying Receiver');
  if (prng.chance(0.4)) {
    const free = prng.float(2, 28).toFixed(1);
    lines.push(`Bus 002 Device 003: ID 0781:5581 SanDisk Corp. Ultra (mounted /media/usb0, ${free} GB free)`);
  }
  if (family !== 'gtps') lines.push('Bus 002 Device 004: ID 03f0:0c17 HP, Inc. Printer (usblp0)');
  lines.push('', `Summary: ${lines.filter((line) => line.startsWith('Bus')).length} devices, ${errors} errors`);
  return lines.join('\n');
}

const PRINTERS = ['HP_OfficeJet_Pro_9015', 'HP_LaserJet_Pro_M404', 'Brother_HL-L3270CDW', 'Epson_WF-C5790'];

/** What CUPS (`lpstat -l -p`) and the report queue would say about the shop's printer. */
export function printerStatusReport(prng: Prng, serialNumber: string, family: Family, now: Date): string {
  const header = `Printer status report for ${serialNumber}, ${stamp(now)}`;
  if (family === 'gtps' || prng.chance(0.1)) return [header, '', 'No printer is configured.'].join('\n');
  const printer = prng.pick(PRINTERS);
  const trouble = prng.weighted([
    [null, 8],
    ['Paper out', 1],
    ['Toner/ink low', 1],
    ['Offline: printer not responding', 1],
  ] as const);
  const queued = trouble ? prng.int(1, 4) : 0;
  const level = (): string => `${prng.int(trouble === 'Toner/ink low' ? 2 : 20, 100)}%`;
  return [
    header,
    '',
    `printer ${printer} is ${trouble ? 'stopped' : 'idle'}.  enabled since ${stamp(new Date(now.getTime() - prng.int(1, 72) * 3_600_000))}`,
    `\tConnection: usb://${printer.split('_')[0] ?? ''}/${printer.split('_').slice(1).join('%20')}?serial=${serialNumber}P`,
    `\tAlerts: ${trouble ?? 'none'}`,
    `\tDefault printer: yes`,
    `\tMedia: ${prng.pick(['Letter', 'A4'])}`,
    `\tSupply levels: black ${level()}, cyan ${level()}, magenta ${level()}, yellow ${level()}`,
    `\tJobs queued: ${queued}`,
    `\tLast job: alignment-report-${prng.int(1000, 9999)}.pdf, ${trouble ? 'held' : 'completed'}`,
  ].join('\n');
}
