import { memo } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { authAtom, hasPermission } from '../../state/auth.ts';
import { readinessOf, type IdentifyStatus } from './identify-status.ts';
import { scanMessages as m } from './scan-messages.ts';

/** What stops identification, and what an administrator can do about it. */
export const problems = {
  'images-unavailable': { problem: m.readinessImagesUnavailable, remedy: m.readinessImagesUnavailableAdmin },
  'no-cards': { problem: m.readinessNoCards, remedy: m.readinessNoCardsAdmin },
  'not-indexed': { problem: m.readinessNotIndexed, remedy: m.readinessNotIndexedAdmin },
};

/** What a collector (and an administrator, what to do) should know before a scan can be identified. */
export const IdentifyReadiness = memo(function IdentifyReadiness({ status }: { status: IdentifyStatus | null }) {
  const intl = useIntl();
  const auth = useAtomValue(authAtom);
  if (status === null) return null;
  const readiness = readinessOf(status);
  if (readiness === 'ready') return null;
  const administrator = hasPermission(auth, 'iam.debug.admin');
  if (readiness === 'learning') {
    return (
      <p className="identify-readiness" role="status">
        {intl.formatMessage(m.readinessLearning, { indexed: status.indexed, total: status.total })}
      </p>
    );
  }
  const { problem, remedy } = problems[readiness];
  return (
    <div className="identify-readiness identify-readiness-problem" role="alert">
      <p>{intl.formatMessage(problem)}</p>
      {administrator && <p>{intl.formatMessage(remedy)}</p>}
    </div>
  );
});
