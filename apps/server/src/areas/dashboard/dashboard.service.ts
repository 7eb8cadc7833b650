import type { LatestSoftwareVersion, TicketStatistics } from '@ed/contract/dashboard';
import type { Family } from '@ed/contract/families';

const NO_TICKETS: TicketStatistics = {
  openTicketCount: 0,
  closedTicketCount: 0,
  totalTickets: 0,
  openTicketsByIssuerUsername: [],
  closedTicketsByIssuerUsername: [],
  totalTicketsByIssuerUsername: [],
};

/**
 * Numbers that other areas own: the software-updates area publishes the latest versions and the
 * tickets area counts tickets. Until they register, there is no published version and no ticket.
 */
export class DashboardProviders {
  latestVersion: (family: Family) => Promise<LatestSoftwareVersion> = async () => null;
  ticketStatistics: () => Promise<TicketStatistics> = async () => NO_TICKETS;
}
