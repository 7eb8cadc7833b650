import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { ALERT_TIMEOUT_MS, NOTICE_TIMEOUT_MS } from '@ed/contract/constants';
import {
  NoticeContext,
  SessionAlertsContext,
  type NoticeApi,
  type NoticeLink,
  type NoticeSeverity,
  type SessionAlert,
} from './notice-context';
import { useNoticeSurface } from './notice-surface';
import { usePhone } from '../lib/use-phone';

interface Notice {
  id: number;
  text: string;
  severity: NoticeSeverity;
  timeout: number;
  link?: NoticeLink;
}

/** Alerts kept for the notifications list; older ones drop off so a long session stays small. */
const MAX_SESSION_ALERTS = 100;

/**
 * One notice at a time, the newest: it replaces whatever showed, so what the banner says is always
 * about the last thing that happened, and a live alert shows the moment it arrives. Older alerts
 * stay in the session's list (the notifications button).
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const nextId = useRef(1);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Kept apart from the notice so its text stays while the closing transition runs.
  const [open, setOpen] = useState(false);
  const [sessionAlerts, setSessionAlerts] = useState<SessionAlert[]>([]);
  const surface = useNoticeSurface();

  const show = useCallback((text: string, severity: NoticeSeverity, timeout: number, link?: NoticeLink) => {
    const id = nextId.current++;
    setNotice({ id, text, severity, timeout, link });
    setOpen(true);
    return id;
  }, []);

  const notify = useCallback<NoticeApi['notify']>(
    (text, severity = 'success', link) => void show(text, severity, NOTICE_TIMEOUT_MS, link),
    [show],
  );
  const alert = useCallback<NoticeApi['alert']>(
    (text, severity = 'success') => {
      const id = show(text, severity, ALERT_TIMEOUT_MS);
      setSessionAlerts((list) => [{ id, text, at: new Date() }, ...list].slice(0, MAX_SESSION_ALERTS));
    },
    [show],
  );
  const api = useMemo<NoticeApi>(() => ({ notify, alert }), [notify, alert]);

  const phone = usePhone();
  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    // Clicking elsewhere should not dismiss a message the user may not have read yet.
    if (reason !== 'clickaway') setOpen(false);
  };

  return (
    <NoticeContext.Provider value={api}>
      <SessionAlertsContext.Provider value={sessionAlerts}>
        {children}
        <Portal container={surface}>
          <Snackbar
            key={notice?.id}
            open={open && notice !== null}
            autoHideDuration={notice?.timeout}
            onClose={close}
            // Bottom left: clear of a dialog's title and of its actions, which sit on the right. On a
            // phone it spans the width, so it shows at the top, where it hides no button to press.
            anchorOrigin={
              phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'left' }
            }
          >
            <Alert
              severity={notice?.severity ?? 'success'}
              variant="filled"
              // A confirmation is announced without interrupting; a failure interrupts.
              role={notice?.severity === 'error' ? 'alert' : 'status'}
              action={
                <>
                  {notice?.link && <NoticeLinkButton link={notice.link} onFollow={() => close(null)} />}
                  <Button color="inherit" size="small" onClick={() => close(null)}>
                    CLOSE
                  </Button>
                </>
              }
              sx={{ alignItems: 'center' }}
            >
              {notice?.text}
            </Alert>
          </Snackbar>
        </Portal>
      </SessionAlertsContext.Provider>
    </NoticeContext.Provider>
  );
}

/** A real link (it opens in a new tab too); a plain click follows it inside the app and closes the notice. */
function NoticeLinkButton({ link, onFollow }: { link: NoticeLink; onFollow: () => void }) {
  return (
    <Button
      color="inherit"
      size="small"
      href={link.href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onFollow();
        link.follow(link.href);
      }}
    >
      {link.label}
    </Button>
  );
}
