import { alertTexts } from '@ed/contract/socket';
import { useNotice } from '../../shared/components/notice-context';
import { useLiveEvent } from './live-context';

/** Shows the live events that part 2 §7 turns into alerts. Renders nothing itself. */
export function LiveAlerts() {
  const { alert } = useNotice();
  useLiveEvent('REPORT_SUPPORT_TICKET_CLOSED', (p) => alert(alertTexts.ticketClosed(p)));
  useLiveEvent('REPORT_SUPPORT_TICKET_COMMENT_CREATED', (p) => alert(alertTexts.commentCreated(p)));
  useLiveEvent('REPORT_SUPPORT_TICKET_CREATED', (p) => alert(alertTexts.ticketCreated(p)));
  useLiveEvent('NEW_SOFTWARE_UPDATE_CREATED', (p) => {
    // Only an update that became its family's latest is news to everyone.
    if (p.isLatest) alert(alertTexts.latestSoftware(p.version.semantic));
  });
  return null;
}
