import { useCallback, useEffect, useState } from 'react';
import { clientSettings } from '../../lib/client-settings.ts';
import { fetchIdentifyStatus, readinessOf, type IdentifyStatus } from './identify-status.ts';

export interface IdentifyStatusPolls {
  learningMs: number;
  unavailableMs: number;
}

const settingsPolls: IdentifyStatusPolls = {
  learningMs: clientSettings.identifyStatusLearningPollMs.value,
  unavailableMs: clientSettings.identifyStatusUnavailablePollMs.value,
};

function sameStatus(a: IdentifyStatus | null, b: IdentifyStatus): boolean {
  return a !== null && (Object.keys(b) as (keyof IdentifyStatus)[]).every((key) => a[key] === b[key]);
}

/**
 * The server's identification status, asked at once and again until it is ready; `refresh` asks
 * now (after a scan was refused) and answers the new status. An answer equal to the last one keeps
 * the same object, so the Scan screen does not render again while the camera runs.
 */
export function useIdentifyStatus(polls: IdentifyStatusPolls = settingsPolls): { status: IdentifyStatus | null; refresh: () => Promise<IdentifyStatus | null> } {
  const [status, setStatus] = useState<IdentifyStatus | null>(null);

  const refresh = useCallback(async () => {
    try {
      const next = await fetchIdentifyStatus();
      setStatus((last) => (sameStatus(last, next) ? last : next));
      return next;
    } catch {
      return null;
    }
  }, []);

  const readiness = status === null ? null : readinessOf(status);
  useEffect(() => {
    if (readiness === 'ready') return;
    const delay = readiness === 'learning' ? polls.learningMs : polls.unavailableMs;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () =>
      void refresh().finally(() => {
        if (!stopped) timer = setTimeout(ask, delay);
      });
    timer = setTimeout(ask, readiness === null ? 0 : delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [readiness, refresh, polls]);

  return { status, refresh };
}
