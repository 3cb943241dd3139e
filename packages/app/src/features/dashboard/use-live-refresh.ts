import { useEffect, useRef } from 'react';
import { onCommentsChanged, onProductionChanged, onReconnected } from '../notifications/realtime.ts';

/**
 * Calls `reload` when an item of the portfolio changes (realtime `production:changed`), a comment is written,
 * edited or deleted there (`comments:changed`, only those this user may read), or after a reconnect; several
 * events in a burst cause one reload.
 */
export function useLiveRefresh(portfolioId: string, reload: () => void) {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(pending);
      pending = setTimeout(() => latest.current(), 150);
    };
    const offChange = onProductionChanged((event) => {
      if (event.portfolioId === portfolioId) schedule();
    });
    const offComments = onCommentsChanged((event) => {
      if (event.portfolioId === portfolioId) schedule();
    });
    const offReconnect = onReconnected(schedule);
    return () => {
      offChange();
      offComments();
      offReconnect();
      clearTimeout(pending);
    };
  }, [portfolioId]);
}
