import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { ALERT_TIMEOUT_MS, NOTICE_TIMEOUT_MS } from '@ed/contract/constants';
import { NoticeContext, SessionAlertsContext, type NoticeApi, type SessionAlert } from './notice-context';

interface Queued {
  id: number;
  text: string;
}

/** Alerts kept for the notifications list; older ones drop off so a long session stays small. */
const MAX_SESSION_ALERTS = 100;

/**
 * Notices and alerts queue: each shows for its full time, one after another,
 * so a burst of live events cannot hide one another.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const nextId = useRef(1);
  const [notices, setNotices] = useState<Queued[]>([]);
  const [alerts, setAlerts] = useState<Queued[]>([]);
  const [sessionAlerts, setSessionAlerts] = useState<SessionAlert[]>([]);

  const notify = useCallback((text: string) => {
    const id = nextId.current++;
    setNotices((queue) => [...queue, { id, text }]);
  }, []);

  const alert = useCallback((text: string) => {
    const id = nextId.current++;
    setAlerts((queue) => [...queue, { id, text }]);
    setSessionAlerts((list) => [{ id, text, at: new Date() }, ...list].slice(0, MAX_SESSION_ALERTS));
  }, []);

  const api = useMemo<NoticeApi>(() => ({ notify, alert }), [notify, alert]);
  const notice = notices[0];
  const shownAlert = alerts[0];

  const closer = (drop: () => void) => (_event: unknown, reason?: SnackbarCloseReason) => {
    // Clicking elsewhere should not dismiss a message the user may not have read yet.
    if (reason === 'clickaway') return;
    drop();
  };
  const closeNotice = closer(() => setNotices((queue) => queue.slice(1)));
  const closeAlert = closer(() => setAlerts((queue) => queue.slice(1)));

  return (
    <NoticeContext.Provider value={api}>
      <SessionAlertsContext.Provider value={sessionAlerts}>
        {children}
        <Snackbar
          key={notice?.id}
          open={notice !== undefined}
          autoHideDuration={NOTICE_TIMEOUT_MS}
          onClose={closeNotice}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          message={notice?.text}
          // A notice confirms what the user just did; "status" announces it without interrupting, and
          // leaves role="alert" to errors on the screen and to the alert notices.
          slotProps={{ content: { role: 'status' } }}
          action={
            <Button color="secondary" size="small" onClick={() => closeNotice(null)}>
              CLOSE
            </Button>
          }
        />
        <Snackbar
          key={shownAlert ? `alert-${shownAlert.id}` : 'alert'}
          open={shownAlert !== undefined}
          autoHideDuration={ALERT_TIMEOUT_MS}
          onClose={closeAlert}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        >
          <Alert
            severity="info"
            variant="filled"
            action={
              <Button color="inherit" size="small" onClick={() => closeAlert(null)}>
                CLOSE
              </Button>
            }
          >
            {shownAlert?.text}
          </Alert>
        </Snackbar>
      </SessionAlertsContext.Provider>
    </NoticeContext.Provider>
  );
}
