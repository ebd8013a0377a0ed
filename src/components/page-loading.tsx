import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';

export function PageLoading() {
  const intl = useIntl();
  return (
    <p className="page-loading" role="status">
      {intl.formatMessage(commonMessages.loading)}
    </p>
  );
}
