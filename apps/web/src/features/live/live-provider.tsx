import { useEffect, useMemo, type ReactNode } from 'react';
import { io } from 'socket.io-client';
import { SOCKET_PATH } from '@ed/contract/constants';
import { CLIENT_EVENTS } from '@ed/contract/socket';
import { removeToken } from '../../shared/auth/token-storage';
import { useSession } from '../../shared/auth/use-session';
import { LiveContext, type LiveSocket } from '../../shared/live/live-context';

/** The server refuses a handshake whose token it does not accept with this message. */
const UNAUTHORIZED = 'unauthorized';

/** After the server drops us on purpose, try once more after this long: a refusal then means the token is gone. */
const SERVER_DISCONNECT_RETRY_MS = 5_000;

/**
 * Holds the live-event socket while a token is stored: it connects on sign-in,
 * follows a new token, and disconnects on sign-out. socket.io reconnects by
 * itself after network trouble. A session that must still enrol a second factor
 * gets none: the server would refuse it as unauthorized, which signs out.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const token = session?.mfa_enrolment_required === true ? undefined : session?.access_token;
  const user = session?.user;

  // Created without connecting, so rendering has no side effect; the effect below connects it.
  const socket = useMemo<LiveSocket | null>(
    () =>
      token
        ? io({ path: SOCKET_PATH, transports: ['polling'], auth: { token }, autoConnect: false, forceNew: true })
        : null,
    [token],
  );

  useEffect(() => {
    if (!socket || !user) return undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const onConnect = () => socket.emit(CLIENT_EVENTS.identity, user);
    const onConnectError = (error: Error) => {
      // Same meaning as a 401 on a call: the token was revoked or has expired.
      if (error.message === UNAUTHORIZED) removeToken();
    };
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') retry = setTimeout(() => socket.connect(), SERVER_DISCONNECT_RETRY_MS);
    };

    socket.on('connect', onConnect);
    socket.on('connect_error', onConnectError);
    socket.on('disconnect', onDisconnect);
    socket.connect();
    return () => {
      clearTimeout(retry);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      socket.off('disconnect', onDisconnect);
      socket.disconnect();
    };
  }, [socket, user]);

  return <LiveContext.Provider value={socket}>{children}</LiveContext.Provider>;
}
