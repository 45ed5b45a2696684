/** Calls `refresh` every `ms` while `active` (a stock-sync run in progress); stops when it ends or the screen closes. */
import { useEffect } from 'react';

/** Poll interval of a running stock sync (ms). */
export const RUN_POLL_MS = 1500;

export function usePollWhile(active: boolean, refresh: () => unknown, ms = RUN_POLL_MS): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refresh(), ms);
    return () => clearInterval(timer);
  }, [active, refresh, ms]);
}
