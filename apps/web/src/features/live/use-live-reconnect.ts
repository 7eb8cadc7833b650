import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLiveSocket } from '../../shared/live/live-context';

/**
 * Opening a protected route reconnects the live socket if it is down and
 * socket.io has stopped trying (part 2 §2), e.g. after the server dropped it.
 */
export function useLiveReconnect(): void {
  const socket = useLiveSocket();
  const { pathname } = useLocation();
  useEffect(() => {
    if (socket && !socket.connected && !socket.active) socket.connect();
  }, [socket, pathname]);
}
