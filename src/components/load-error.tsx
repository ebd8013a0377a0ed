import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { errorText } from '../lib/error-text.ts';

/** A failed load says why and offers to try again, rather than leaving an empty screen. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className="load-error" role="alert">
      <p>{intl.formatMessage(commonMessages.loadFailed, { reason: errorText(intl, error) })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {intl.formatMessage(commonMessages.retry)}
      </button>
    </div>
  );
}
