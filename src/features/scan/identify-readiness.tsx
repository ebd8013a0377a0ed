import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { authAtom, hasPermission } from '../../state/auth.ts';
import { readinessOf, type IdentifyStatus } from './identify-status.ts';
import { scanMessages as m } from './scan-messages.ts';

/** What a collector (and an administrator, what to do) should know before a scan can be identified. */
export function IdentifyReadiness({ status }: { status: IdentifyStatus | null }) {
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
  return (
    <div className="identify-readiness identify-readiness-problem" role="alert">
      <p>{intl.formatMessage(readiness === 'images-unavailable' ? m.readinessImagesUnavailable : m.readinessNoCards)}</p>
      {administrator && <p>{intl.formatMessage(readiness === 'images-unavailable' ? m.readinessImagesUnavailableAdmin : m.readinessNoCardsAdmin)}</p>}
    </div>
  );
}
