import { alertTexts } from '@ed/contract/socket';
import { useSession } from '../../shared/auth/use-session';
import { useNotice } from '../../shared/components/notice-context';
import { useLiveEvent } from '../../shared/live/live-context';

/**
 * Shows the live events that part 2 §7 turns into alerts. Renders nothing itself. An event the
 * signed-in user caused is skipped: their own console confirmed it already, at once.
 */
export function LiveAlerts() {
  const { alert } = useNotice();
  const me = useSession()?.user.username;
  const news = (by: string, text: string) => {
    if (by !== me) alert(text, 'info');
  };
  useLiveEvent('REPORT_SUPPORT_TICKET_CLOSED', (p) => news(p.username, alertTexts.ticketClosed(p)));
  useLiveEvent('REPORT_SUPPORT_TICKET_COMMENT_CREATED', (p) => news(p.username, alertTexts.commentCreated(p)));
  useLiveEvent('REPORT_SUPPORT_TICKET_CREATED', (p) => news(p.username, alertTexts.ticketCreated(p)));
  useLiveEvent('NEW_SOFTWARE_UPDATE_CREATED', (p) => {
    // Only an update that became its family's latest is news to everyone.
    if (p.isLatest) news(p.username, alertTexts.latestSoftware(p.version.semantic));
  });
  return null;
}
