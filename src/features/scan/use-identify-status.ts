import { useCallback, useEffect, useState } from 'react';
import { fetchIdentifyStatus, readinessOf, type IdentifyStatus } from './identify-status.ts';

/** How often the Scan screen asks again while the server learns its cards, and while it cannot. */
const learningPollMs = 3000;
const unavailablePollMs = 15000;

/**
 * The server's identification status, asked at once and again until it is ready; `refresh` asks
 * now (after a scan was refused) and answers the new status.
 */
export function useIdentifyStatus(): { status: IdentifyStatus | null; refresh: () => Promise<IdentifyStatus | null> } {
  const [status, setStatus] = useState<IdentifyStatus | null>(null);

  const refresh = useCallback(async () => {
    try {
      const next = await fetchIdentifyStatus();
      setStatus(next);
      return next;
    } catch {
      return null;
    }
  }, []);

  const readiness = status === null ? null : readinessOf(status);
  useEffect(() => {
    if (readiness === 'ready') return;
    const delay = readiness === null ? 0 : readiness === 'learning' ? learningPollMs : unavailablePollMs;
    const timer = setTimeout(() => void refresh(), delay);
    return () => clearTimeout(timer);
  }, [readiness, status, refresh]);

  return { status, refresh };
}
