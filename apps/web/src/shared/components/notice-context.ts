import { createContext, useContext } from 'react';

export interface SessionAlert {
  id: number;
  text: string;
  at: Date;
}

export interface NoticeApi {
  /** A bottom notice that closes after NOTICE_TIMEOUT_MS. */
  notify: (text: string) => void;
  /** An alert notice that closes after ALERT_TIMEOUT_MS and is kept in this session's list. */
  alert: (text: string) => void;
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
