import type { Database } from '../../db/client.js';
import { withAdvisoryLock } from '../../db/advisory-lock.js';
import type { ActiveSession } from '../../ports/session.js';
import type { UserAccounts } from '../../ports/users.js';
import type { TicketsService } from './tickets.service.js';

interface DemoTicket {
  issuer: string;
  originatorName: string;
  description: string;
  circumstance: string;
  attemptedResolution: string;
  escalated: boolean;
  comments: { author: string; text: string }[];
  closedBy?: string;
}

const DEMO_TICKETS: DemoTicket[] = [
  {
    issuer: 'support',
    originatorName: 'Dana Whitfield',
    description: 'Cameras lose the targets during runout compensation on the rear axle.',
    circumstance: 'Happens on lifts raised above 1.2 m, in the afternoon.',
    attemptedResolution: 'Cleaned the targets and re-ran camera calibration.',
    escalated: false,
    comments: [
      { author: 'tech', text: 'Sun through the bay door hits the right camera; asked the shop to lower the blind.' },
    ],
  },
  {
    issuer: 'tech',
    originatorName: 'Marco Ruiz',
    description: 'Printer prints blank pages since the last software update.',
    circumstance: 'Every printout, both alignment reports and specs.',
    attemptedResolution: 'Power-cycled the printer and reinstalled the driver.',
    escalated: false,
    comments: [{ author: 'tech', text: 'Printer firmware was out of date; updated it and the reports print again.' }],
    closedBy: 'tech',
  },
  {
    issuer: 'support_lvl2',
    originatorName: 'Priya Natarajan',
    description: 'Software update stays at Downloading 45% for hours.',
    circumstance: 'The shop network has a proxy that drops long downloads.',
    attemptedResolution: 'Unstaged and staged the update again; same result.',
    escalated: true,
    comments: [{ author: 'support_lvl2', text: 'Customer confirmed the proxy allows the update host; still stuck.' }],
  },
  {
    issuer: 'support',
    originatorName: 'Tom Becker',
    description: 'Left camera board fails accelerometer calibration.',
    circumstance: 'After the unit was moved to a new bay.',
    attemptedResolution: 'Re-levelled the camera beam and repeated the calibration.',
    escalated: false,
    comments: [],
    closedBy: 'support',
  },
  {
    issuer: 'tech',
    originatorName: 'Aiko Tanaka',
    description: 'Touch screen does not respond after the console wakes from sleep.',
    circumstance: 'Only after sleep; a restart fixes it until the next sleep.',
    attemptedResolution: 'Disabled sleep as a workaround.',
    escalated: false,
    comments: [],
  },
];

/** Arbitrary constant: the advisory lock under which one instance at a time seeds the demo tickets. */
const DEMO_TICKETS_LOCK = 727_031;

/**
 * Demo mode's support tickets, opened, commented and closed through the same service the
 * console uses, by the demo accounts, on units of the simulated fleet. Only a database without
 * tickets gets them, so a restart adds nothing; the check and the tickets are under an advisory
 * lock, so instances doing it at the same moment add them once.
 */
export async function seedTicketsDemo(
  service: TicketsService,
  users: UserAccounts,
  database: Database,
  serialNumbers: readonly string[],
): Promise<number> {
  if (serialNumbers.length === 0) return 0;
  return withAdvisoryLock(database, DEMO_TICKETS_LOCK, () => openDemoTickets(service, users, serialNumbers));
}

async function openDemoTickets(
  service: TicketsService,
  users: UserAccounts,
  serialNumbers: readonly string[],
): Promise<number> {
  const sessions = new Map<string, ActiveSession>();
  const as = async (username: string): Promise<ActiveSession | undefined> => {
    if (!sessions.has(username)) {
      const user = await users.findByUsername(username);
      if (!user) return undefined;
      sessions.set(username, {
        sessionId: `demo-${username}`,
        expiresAt: new Date(Date.now() + 60_000),
        user: { id: user.id, username: user.username, email: user.email, role: user.role },
      });
    }
    return sessions.get(username);
  };
  const admin = await as('admin');
  if (!admin) return 0;
  const existing = await service.list(admin, { page: 1, closed: true, mine: false });
  if (existing.totalDocs > 0) return 0;

  let created = 0;
  for (const [index, demo] of DEMO_TICKETS.entries()) {
    const issuer = await as(demo.issuer);
    if (!issuer) continue;
    const ticket = await service.create(issuer, {
      issuerUsername: issuer.user.username,
      serialNumber: serialNumbers[index % serialNumbers.length]!,
      escalated: demo.escalated,
      originatorName: demo.originatorName,
      originatorEmail: `${(demo.originatorName.split(' ')[0] ?? '').toLowerCase()}@example-shop.com`,
      techOnSite: true,
      exhibitingNow: !demo.closedBy,
      reproducible: true,
      disposition: 'Owned Aligner',
      inService: 'Yes',
      componentsReplaced: '',
      description: demo.description,
      circumstance: demo.circumstance,
      attemptedResolution: demo.attemptedResolution,
      environment: '',
      other: '',
      issueStartedOn: '',
    });
    for (const comment of demo.comments) {
      const author = await as(comment.author);
      if (author) {
        await service.comment(author, {
          ticketId: ticket.id,
          authorUsername: author.user.username,
          text: comment.text,
        });
      }
    }
    const closer = demo.closedBy ? await as(demo.closedBy) : undefined;
    if (closer) await service.close(closer, ticket.id, closer.user.username);
    created++;
  }
  return created;
}
