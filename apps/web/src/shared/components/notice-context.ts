import { createContext, useContext } from 'react';

/** How a notice reads: red for failures, so they never look like the confirmations beside them. */
export type NoticeSeverity = 'success' | 'info' | 'warning' | 'error';

export interface SessionAlert {
  id: number;
  text: string;
  at: Date;
}

/**
 * Where a notice leads (the ticket a command filled): a link beside CLOSE. The provider sits outside
 * the router, so the caller says how to follow it in the app; the address still opens in a new tab.
 */
export interface NoticeLink {
  label: string;
  href: string;
  follow: (href: string) => void;
}

export interface NoticeApi {
  /** A bottom notice that closes after NOTICE_TIMEOUT_MS; a confirmation unless told otherwise. */
  notify: (text: string, severity?: NoticeSeverity, link?: NoticeLink) => void;
  /** A notice that closes after ALERT_TIMEOUT_MS and is kept in this session's list. */
  alert: (text: string, severity?: NoticeSeverity) => void;
}

export const NoticeContext = createContext<NoticeApi | null>(null);
export const SessionAlertsContext = createContext<readonly SessionAlert[]>([]);

export function useNotice(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error('useNotice must be used inside a NoticeProvider.');
  return api;
}

/** This session's alerts, newest first. */
export function useSessionAlerts(): readonly SessionAlert[] {
  return useContext(SessionAlertsContext);
}
